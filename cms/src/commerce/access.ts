import type { Core } from '@strapi/strapi';
import { ApiError, type EventAccess, type LectureAccess } from '@plataforma/adapter';
import type { Identity } from '../auth/identity';
import { eventIsPaid, lectureIsLocked, type PricedRef } from './locked';
import { ownedOf, UID } from './orders';

/**
 * Who enters what was sold (decision 045). Event access: staff; a paid order of the whole event
 * or a staff grant (an order paid at zero); or the event is free. Lecture access: the lecture
 * is free and its event is not ticket only; or a paid order of the lecture or of the whole
 * event; or a grant; or staff. Access follows the orders: a refund or a chargeback moves the
 * order out of 'paid', and the access it gave goes with it. A soft session (an e-mail anyone
 * could type) never opens what an order or a grant gives: only what is free.
 */

const buyerOf = (who: Identity | null) => (who && who.kind === 'client' && !who.soft ? who : null);

export const eventAccess = async (strapi: Core.Strapi, who: Identity | null, eventId: number): Promise<EventAccess> => {
  const event = (await strapi.db.query(UID.event).findOne({
    where: { id: eventId, published: true },
    select: ['id', 'value', 'discount', 'ticketOnly'],
  })) as ({ id: number } & PricedRef) | null;
  if (!event) throw new ApiError(404, 'api.error.eventNotFound');
  if (who?.kind === 'staff') return { eventId, access: true, reason: 'staff' };
  const buyer = buyerOf(who);
  if (buyer) {
    const owned = await ownedOf(strapi, buyer.id, eventId);
    if (owned.event) return { eventId, access: true, reason: owned.grant ? 'grant' : 'order' };
  }
  if (!eventIsPaid(event)) return { eventId, access: true, reason: 'free' };
  return { eventId, access: false, reason: null };
};

export const lectureAccess = async (strapi: Core.Strapi, who: Identity | null, lectureId: number): Promise<LectureAccess> => {
  const lecture = (await strapi.db.query(UID.lecture).findOne({
    where: { id: lectureId, room: { event: { published: true } } },
    select: ['id', 'value', 'discount', 'videoId'],
    populate: { room: { select: ['id'], populate: { event: { select: ['id', 'value', 'discount', 'ticketOnly'] } } } },
  })) as ({ id: number; videoId: string | null; room?: { event?: ({ id: number } & PricedRef) | null } | null } & PricedRef) | null;
  const event = lecture?.room?.event;
  if (!lecture || !event) throw new ApiError(404, 'api.error.lectureNotFound');
  const open = (reason: LectureAccess['reason']): LectureAccess => ({ lectureId, access: true, reason, videoId: lecture.videoId || null });
  if (who?.kind === 'staff') return open('staff');
  const buyer = buyerOf(who);
  if (buyer) {
    const owned = await ownedOf(strapi, buyer.id, event.id);
    if (owned.event) return open(owned.grant ? 'grant' : 'order');
    if (owned.lectureIds.includes(lectureId)) return open('order');
  }
  if (!lectureIsLocked(lecture, event)) return open('free');
  return { lectureId, access: false, reason: null, videoId: null };
};
