import commerce from 'virtual:pt-section/commerce';
import { i18n } from '../i18n';

/**
 * The commerce screens' PT texts (the pack's `commerce` section, a module of its own built from
 * pt.json by vite.config.ts), added when a commerce screen loads: the first load (hall-entrada)
 * does not carry them. An uploaded EN/AL pack brings its own `commerce` section with the rest.
 */
i18n.addResourceBundle('pt', 'translation', { commerce }, true, false);
