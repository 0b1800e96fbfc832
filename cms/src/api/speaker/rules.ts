import { speakerInputSchema, speakerUpdateSchema } from '@plataforma/adapter';
import type { DocumentRules } from '../../documents/rules';
import { filesOf, removeFreedFiles } from '../event/cascade';

const UID = 'api::speaker.speaker';

/**
 * A speaker's rules on every write path: the back office's schema (name, title, description),
 * its event (required, existing) and its photo (an image). Its lectures are linked from each
 * lecture (held to the lecture's rules: speakers of the room's event). Deleting one takes what
 * the back office's deletion takes: its photo, once nothing else links the file.
 */
export const speakerRules: DocumentRules = {
  uid: UID,
  labels: { one: 'palestrante', many: 'palestrantes' },
  logAction: 'speakers',
  create: speakerInputSchema,
  update: speakerUpdateSchema,
  links: {
    event: { target: 'api::event.event', field: 'eventId', required: 'api.error.eventNotFound', notFound: 'api.error.eventNotFound' },
    image: { target: 'plugin::upload.file', kind: 'image' },
  },
  keyFields: { 'api.error.eventNotFound': 'event' },
  beforeDelete: async (strapi, id) => {
    const files = await filesOf(strapi, UID, [id]);
    return () => removeFreedFiles(strapi, files);
  },
};
