import certificates from 'virtual:pt-section/certificates';
import { i18n } from '../../shared/i18n';

/**
 * The certificates' PT texts (the pack's `certificates` section, a module of its own built from
 * pt.json by vite.config.ts), added when the panel or the verification page loads: the first
 * load (hall-entrada) does not carry them, as with commerce's (shared/commerce/texts.ts).
 */
i18n.addResourceBundle('pt', 'translation', { certificates }, true, false);
