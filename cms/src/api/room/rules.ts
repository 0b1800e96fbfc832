import { roomInputSchema, roomUpdateSchema } from '@plataforma/adapter';
import type { DocumentRules } from '../../documents/rules';

/** A room's rules on every write path: the editor's 'Salas' schema and its event. */
export const roomRules: DocumentRules = {
  uid: 'api::room.room',
  labels: { one: 'sala', many: 'salas' },
  logAction: 'rooms',
  create: roomInputSchema,
  update: roomUpdateSchema,
  links: {
    event: { target: 'api::event.event', field: 'eventId', required: 'api.error.eventNotFound', notFound: 'api.error.eventNotFound' },
  },
};
