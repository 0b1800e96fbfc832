import { lectureInputSchema, lectureUpdateSchema } from '@plataforma/adapter';
import { wireTime, type DocumentRules } from '../../documents/rules';
import { refuseWhenOrdered } from '../event/cascade';
import { lectureData } from './wire';

/**
 * A lecture's rules on every write path: the lecture form's schema and the product's checks of
 * its save (its room, end after start, discount within value, speakers of the room's event, no
 * overlap in the room), the same function the back office's route runs. The speakers a write
 * leaves (connected or disconnected in the Content Manager) are checked as the form's list. A
 * lecture an order names is never deleted, as with the back office's deletion.
 */
export const lectureRules: DocumentRules = {
  uid: 'api::lecture.lecture',
  labels: { one: 'palestra', many: 'palestras' },
  logAction: 'lectures',
  create: lectureInputSchema,
  update: lectureUpdateSchema,
  links: {
    room: { target: 'api::room.room', field: 'roomId', required: 'api.error.roomNotFound', notFound: 'api.error.roomNotFound' },
    speakers: { target: 'api::speaker.speaker', field: 'speakerIds', many: true, notFound: 'lectures.error.invalidSpeakers' },
  },
  fields: { startTime: wireTime, endTime: wireTime },
  check: async (strapi, input, { id }) => {
    await lectureData(strapi, input, id ?? undefined);
  },
  keyFields: {
    'api.error.roomNotFound': 'room',
    'lectures.error.endBeforeStart': 'endTime',
    'api.error.discountAboveValue': 'discount',
    'lectures.error.overlap': 'startTime',
    'lectures.error.invalidSpeakers': 'speakers',
  },
  beforeDelete: (strapi, id) => refuseWhenOrdered(strapi, { lectures: [id] }),
};
