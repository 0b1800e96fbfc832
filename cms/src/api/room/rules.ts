import { roomInputSchema, roomUpdateSchema } from '@plataforma/adapter';
import type { DocumentRules } from '../../documents/rules';
import { deleteIds, idsUnder, refuseWhenOrdered, UID } from '../event/cascade';

/**
 * A room's rules on every write path: the editor's 'Salas' schema and its event. Deleting one
 * takes its lectures with it, and is refused while an order names one of them, as the back
 * office's deletion (`DELETE /api/cms/v1/rooms`).
 */
export const roomRules: DocumentRules = {
  uid: 'api::room.room',
  labels: { one: 'sala', many: 'salas' },
  logAction: 'rooms',
  create: roomInputSchema,
  update: roomUpdateSchema,
  links: {
    event: { target: 'api::event.event', field: 'eventId', required: 'api.error.eventNotFound', notFound: 'api.error.eventNotFound' },
  },
  beforeDelete: async (strapi, id) => {
    const lectures = await idsUnder(strapi, UID.lecture, 'room', [id]);
    await refuseWhenOrdered(strapi, { lectures });
    await deleteIds(strapi, UID.lecture, lectures);
  },
};
