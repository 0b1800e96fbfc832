import stand from 'virtual:pt-section/stand';
import { i18n } from '../../shared/i18n';

/** The stand page's PT texts (the pack's `stand` section), added when the stand's chunk loads, not with hall-entrada. */
i18n.addResourceBundle('pt', 'translation', { stand }, true, false);
