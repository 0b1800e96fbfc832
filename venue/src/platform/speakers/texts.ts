import speakerDirectory from 'virtual:pt-section/speakerDirectory';
import { i18n } from '../../shared/i18n';

/** The speakers' directory's PT texts (the pack's `speakerDirectory` section), added when its chunk loads, not with hall-entrada. */
i18n.addResourceBundle('pt', 'translation', { speakerDirectory }, true, false);
