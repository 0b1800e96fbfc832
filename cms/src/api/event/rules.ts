import { eventInputSchema, eventUpdateSchema } from '@plataforma/adapter';
import { ignored, nullAsAbsent, wireTime, type DocumentRules } from '../../documents/rules';
import { deleteFromRollup } from '../../analytics/page-view-hours';
import { deleteTree, eventTree, filesOf, refuseWhenOrdered, removeFreedFiles, UID } from './cascade';
import { checkEvent, findEvent } from './save';

const FILE = 'plugin::upload.file';

/**
 * An event's rules on every write path: the editor's schema, its category, its three required
 * images, and the product's checks of its save (dates in order, discount within value, a real
 * time zone, an exchange rate above 0), the same function the back office's route runs.
 * Deleting one takes its whole tree, as `DELETE /api/cms/v1/events` does (rooms and lectures,
 * stands and all of theirs, sponsors, speakers, coupons, page views, heartbeats, certificates and
 * their rollup rows), and is refused while an order names it, one of its lectures or coupons;
 * the files nothing links any more go after the commit.
 */
export const eventRules: DocumentRules = {
  uid: 'api::event.event',
  labels: { one: 'evento', many: 'eventos' },
  logAction: 'events',
  create: eventInputSchema,
  update: eventUpdateSchema,
  links: {
    category: {
      target: 'api::category.category',
      field: 'categoryId',
      required: 'api.error.categoryNotFound',
      notFound: 'api.error.categoryNotFound',
    },
    image: { target: FILE, required: 'events.error.imageRequired', notFound: 'events.error.imageRequired' },
    banner: { target: FILE, required: 'events.error.bannerRequired', notFound: 'events.error.bannerRequired' },
    thumb: { target: FILE, required: 'events.error.thumbRequired', notFound: 'events.error.thumbRequired' },
  },
  fields: {
    startTime: wireTime,
    endTime: wireTime,
    timezone: nullAsAbsent,
    status: nullAsAbsent,
    // Files of the event in the document; links in the editor's form (which refuses a link for them).
    infoPdf: ignored,
    mapPdf: ignored,
    speakersPdf: ignored,
  },
  check: async (strapi, input, { id }) => {
    await checkEvent(strapi, input, id ? await findEvent(strapi, id) : null);
  },
  keyFields: {
    'api.error.categoryNotFound': 'category',
    'events.error.endBeforeStart': 'endDate',
    'api.error.discountAboveValue': 'discount',
    'events.error.invalidTimezone': 'timezone',
    'api.error.invalidBody': 'exchange',
    'events.error.certificateThreshold': 'certificateMinMinutes',
    'events.error.certificateText': 'certificateText',
  },
  beforeDelete: async (strapi, id) => {
    const tree = await eventTree(strapi, [id]);
    await refuseWhenOrdered(strapi, { events: [id], lectures: tree.lecture, coupons: tree.coupon });
    const files = await filesOf(strapi, UID.event, [id]);
    // The event's own row is the document service's to delete (with its file links); the rest is the tree's.
    files.push(...(await deleteTree(strapi, { ...tree, event: [] })));
    await deleteFromRollup(strapi, [id], []);
    return () => removeFreedFiles(strapi, files);
  },
};
