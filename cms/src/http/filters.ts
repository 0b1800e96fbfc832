import type { FilterSpec, Where } from '@plataforma/adapter/server';

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

/** `?standId=` on the site: rows of a stand of a published event; another stand answers 404 as a missing one. */
export const publishedStandFilter: FilterSpec = {
  ...standFilter,
  exists: { uid: 'api::stand.stand', notFound: 'api.error.standNotFound', where: { event: { published: true } } },
};

/** The site shows a row of an event's content only while the event is published (issue 16): rows with an `event`. */
export const ofPublishedEvent: Where = { event: { published: true } };

/** The same for rows of a stand (media, products): the stand's event is published. */
export const ofPublishedEventStand: Where = { stand: { event: { published: true } } };

/** `?eventId=`: rows of an event, published or not (the back office), answering 404 when it does not exist. */
export const eventFilter: FilterSpec = {
  where: (id) => ({ event: { id } }),
  exists: { uid: 'api::event.event', notFound: 'api.error.eventNotFound' },
};
