import type { FilterSpec } from '@plataforma/adapter/server';

/**
 * The list filters the site's resources share: the parent a list belongs to, required,
 * and answering 404 with the parent's key when it does not exist.
 */

/** `?eventId=`: rows of a published event (stands, rooms, sponsors). */
export const publishedEventFilter: FilterSpec = {
  where: (id) => ({ event: { id } }),
  required: true,
  exists: { uid: 'api::event.event', notFound: 'api.error.eventNotFound', where: { published: true } },
};

/** `?standId=`: rows of a stand (media, products). */
export const standFilter: FilterSpec = {
  where: (id) => ({ stand: { id } }),
  required: true,
  exists: { uid: 'api::stand.stand', notFound: 'api.error.standNotFound' },
};

/** `?eventId=`: rows of an event, published or not (the back office), answering 404 when it does not exist. */
export const eventFilter: FilterSpec = {
  where: (id) => ({ event: { id } }),
  exists: { uid: 'api::event.event', notFound: 'api.error.eventNotFound' },
};
