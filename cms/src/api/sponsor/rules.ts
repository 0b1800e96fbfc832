import { sponsorInputSchema, sponsorUpdateSchema } from '@plataforma/adapter';
import type { DocumentRules } from '../../documents/rules';
import { filesOf, removeFreedFiles } from '../event/cascade';

const UID = 'api::sponsor.sponsor';

/**
 * A sponsor's rules on every write path: the back office's schema (name, type master, premium or
 * supporter, a link that is a web address — http or https only —, a position), its event
 * (required, existing) and its image (required, an image). Deleting one takes its image, once
 * nothing else links the file, as the back office's deletion does.
 */
export const sponsorRules: DocumentRules = {
  uid: UID,
  labels: { one: 'patrocinador', many: 'patrocinadores' },
  logAction: 'sponsors',
  create: sponsorInputSchema,
  update: sponsorUpdateSchema,
  links: {
    event: { target: 'api::event.event', field: 'eventId', required: 'api.error.eventNotFound', notFound: 'api.error.eventNotFound' },
    image: {
      target: 'plugin::upload.file',
      kind: 'image',
      required: 'sponsors.error.imageRequired',
      notFound: 'sponsors.error.imageRequired',
    },
  },
  keyFields: { 'api.error.eventNotFound': 'event' },
  beforeDelete: async (strapi, id) => {
    const files = await filesOf(strapi, UID, [id]);
    return () => removeFreedFiles(strapi, files);
  },
};
