import type { Core } from '@strapi/strapi';
import { ApiError, meetingPaths, meetingSignatureInputSchema, zoomMeeting, type MeetingSignature } from '@plataforma/adapter';
import { reply } from '@plataforma/adapter/server';
import { logActivity } from '../../../activity/log';
import { identityOf } from '../../../auth/identity';
import { access } from '../../../auth/strategy';
import { routeFor, siteRouter } from '../../../http/router';
import { settings } from '../../../lib/settings';
import { zoomSignature } from '../../../meetings/signature';

/**
 * POST /meetings/signature (SPEC §7, declared; decision 028): the signature a Zoom Meeting SDK
 * client joins a room's meeting with. Signed-in clients (a soft session too) and attendants get
 * the attendee role; an admin may ask for the host role. The meeting number comes from the room's
 * own link, never from the request; a visitor's room must belong to a published event. Without ZOOM_SDK_KEY/ZOOM_SDK_SECRET: 501, and the room keeps
 * opening its link in a new tab.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const route = routeFor(strapi);

  const signature = route({
    method: 'POST',
    path: meetingPaths.signature,
    config: access('client', 'soft-client', 'attendant', 'admin'),
    body: meetingSignatureInputSchema,
    handler: async (ctx, { roomId, role }) => {
      const who = identityOf(ctx.state);
      if (!who) throw new ApiError(401, 'api.error.unauthorized');
      const zoom = settings().zoom;
      if (!zoom) throw new ApiError(501, 'meetings.error.unavailable');
      const host = role === 'host';
      if (host && !(who.kind === 'staff' && who.role === 'admin')) throw new ApiError(403, 'meetings.error.hostForbidden');
      // A visitor reaches only rooms of a published event (issue 16); staff prepare any.
      const where = who.kind === 'client' ? { id: roomId, event: { published: true } } : { id: roomId };
      const room = (await strapi.db.query('api::room.room').findOne({ where, select: ['id', 'name', 'link'] })) as {
        id: number;
        name: string;
        link: string | null;
      } | null;
      if (!room) throw new ApiError(404, 'api.error.roomNotFound');
      const meeting = zoomMeeting(room.link);
      if (!meeting) throw new ApiError(422, 'meetings.error.noMeeting');
      const signed = zoomSignature({ ...zoom, meetingNumber: meeting.meetingNumber, role: host ? 1 : 0, now: new Date() });
      if (host)
        await logActivity(strapi, {
          action: 'meeting.host',
          description: `Assinatura de anfitrião da reunião da sala ${room.name} (${room.id}).`,
          actor: { id: who.id, name: who.name, email: who.email, staff: true },
          ip: ctx.ip,
        });
      const answer: MeetingSignature = {
        roomId: room.id,
        sdkKey: zoom.sdkKey,
        meetingNumber: meeting.meetingNumber,
        passcode: meeting.passcode,
        role: host ? 1 : 0,
        signature: signed.signature,
        expiresAt: signed.expiresAt.toISOString(),
      };
      return reply(answer);
    },
  });

  return siteRouter([signature]);
};
