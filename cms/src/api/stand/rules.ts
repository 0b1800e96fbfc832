import { standInputSchema, standUpdateSchema } from '@plataforma/adapter';
import type { DocumentRules } from '../../documents/rules';

/** A stand's rules on every write path: the back office's schema, its event and its image (SPEC §2.3, §5). */
export const standRules: DocumentRules = {
  uid: 'api::stand.stand',
  labels: { one: 'estande', many: 'estandes' },
  logAction: 'stands',
  create: standInputSchema,
  update: standUpdateSchema,
  links: {
    event: { target: 'api::event.event', field: 'eventId', required: 'api.error.eventNotFound', notFound: 'api.error.eventNotFound' },
    image: { target: 'plugin::upload.file', required: 'stands.error.imageRequired', notFound: 'stands.error.imageRequired' },
  },
};
