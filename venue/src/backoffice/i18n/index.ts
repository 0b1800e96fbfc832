import { useTranslation } from 'react-i18next';
import { i18n } from '../../shared/i18n';
import pt from './pt.json';

/** The back office's texts: a namespace of their own, loaded with the back office's lazy chunk. */
export const BACKOFFICE_NS = 'backoffice';

// The bundled PT texts (the fallback). An uploaded EN/AL pack's `backoffice` section feeds this
// namespace when the pack loads (shared/i18n), before or after this chunk does.
i18n.addResourceBundle('pt', BACKOFFICE_NS, pt, true, true);

/** The back office's `t`: its own keys first, then the main pack's (server messages, common texts). */
// nsMode 'fallback': without it react-i18next's `t` reads the first namespace only ('common.close' showed as its key).
export const useBackofficeTranslation = () => useTranslation([BACKOFFICE_NS, 'translation'], { nsMode: 'fallback' });
