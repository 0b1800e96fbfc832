import lecture from 'virtual:pt-section/lecture';
import { i18n } from '../../shared/i18n';

/** The lecture screens' PT texts (the pack's `lecture` section), added when their chunk loads, not with hall-entrada. */
i18n.addResourceBundle('pt', 'translation', { lecture }, true, false);
