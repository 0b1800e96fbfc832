import site from 'virtual:pt-section/site';
import { i18n } from '.';

/**
 * The public site's PT texts (the pack's `site` section, a module of its own built from pt.json by
 * vite.config.ts), added when a screen of the site loads (each screen that uses them imports this
 * file): the first load (hall-entrada) does not carry them, as with commerce's.
 */
i18n.addResourceBundle('pt', 'translation', { site }, true, false);
