import { z } from 'zod';
import { idSchema, isoDateSchema } from './common';

export { dashboardPaths } from './paths';

/**
 * The organiser's dashboards (issue 15, decision 048): 'Geral' (every event) and 'Evento' (one
 * event). A range is two days `from` and `to` (both included), in the event's zone for an event's
 * dashboard and in the product's zone (America/Sao_Paulo) for the general one. Every figure is
 * computed by the database; money is a decimal string with two places ('1234.50').
 */
export const dashboardRangeQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to);
export type DashboardRangeQuery = z.infer<typeof dashboardRangeQuerySchema>;

/** At most a year and a day in one range: the per-day tables stay small. */
export const DASHBOARD_MAX_DAYS = 366;
/** A visitor is "online now" with a page view or a heartbeat in the last 5 minutes. */
export const DASHBOARD_ONLINE_MINUTES = 5;
/** The time credited to a page: until the visitor's next page view, at most 30 minutes. */
export const DASHBOARD_PAGE_CAP_SECONDS = 1800;

export const DASHBOARD_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type DashboardExportFormat = (typeof DASHBOARD_EXPORT_FORMATS)[number];

const count = z.number().int().min(0);
const money = z.string();

export const dashboardRangeSchema = z.object({ from: isoDateSchema, to: isoDateSchema, timeZone: z.string() });
export type DashboardRange = z.infer<typeof dashboardRangeSchema>;

/** Visits (page views) and unique visitors (distinct signed-in clients) of a bucket. */
const trafficSchema = z.object({ visits: count, uniqueVisitors: count });

export const dashboardDaySchema = trafficSchema.extend({ day: isoDateSchema });
export type DashboardDay = z.infer<typeof dashboardDaySchema>;
export const dashboardHourSchema = trafficSchema.extend({ hour: z.number().int().min(0).max(23) });
export type DashboardHour = z.infer<typeof dashboardHourSchema>;

export const generalEventRowSchema = trafficSchema.extend({
  eventId: idSchema,
  name: z.string(),
  paidOrders: count,
  revenue: money,
});
export type GeneralEventRow = z.infer<typeof generalEventRowSchema>;

export const generalDashboardSchema = z.object({
  range: dashboardRangeSchema,
  /** Distinct clients with a page view or a heartbeat in the last 5 minutes. */
  onlineNow: count,
  /** Events with at least one visit in the range, most unique visitors first. */
  events: z.array(generalEventRowSchema),
  /** Accounts created per day of the range (every day, zeros included). */
  clientsPerDay: z.array(z.object({ day: isoDateSchema, clients: count })),
  clientsInRange: count,
  clientsTotal: count,
  /** Paid orders (refunded ones are not counted) per event, paid in the range. */
  sales: z.array(z.object({ eventId: idSchema, name: z.string(), paidOrders: count, revenue: money })),
  salesTotal: z.object({ paidOrders: count, revenue: money }),
});
export type GeneralDashboard = z.infer<typeof generalDashboardSchema>;

export const hallRowSchema = trafficSchema.extend({
  /** The page's path after the event's part ('hall-entrada', 'hall-estandes-bronze/1'). */
  hall: z.string(),
  /** Seconds on the hall: each view until the visitor's next one, at most 30 minutes. */
  seconds: count,
  /**
   * The place's name where the server has it (decision 103): a lecture room's ('salas/17',
   * 'congresso/salas/17') from the rooms table, the event's for its own address ('/'). A drawn
   * hall ('hall-estandes-gold') has none here: the back office names it as the venue does.
   */
  name: z.string().optional(),
  /** The room of a 'salas/{id}' page, when it is a room of the event. */
  roomId: idSchema.optional(),
});
export type HallRow = z.infer<typeof hallRowSchema>;

export const standRowSchema = trafficSchema.extend({
  standId: idSchema,
  name: z.string(),
  tier: z.string().nullable(),
  contacts: count,
  chats: count,
  /** The median, over the stand's chats answered, of the seconds from the client's first message to the stand's first answer. */
  medianFirstResponseSeconds: z.number().min(0).nullable(),
});
export type StandRow = z.infer<typeof standRowSchema>;

export const lectureRowSchema = z.object({
  lectureId: idSchema,
  name: z.string(),
  room: z.string().nullable(),
  /** The most distinct clients watching in one minute of the range. */
  peakWatchers: count,
  watchers: count,
  /** Minutes credited (watch sessions' seconds / 60, one decimal). */
  minutes: z.number().min(0),
  averageMinutes: z.number().min(0),
});
export type LectureRow = z.infer<typeof lectureRowSchema>;

export const itemSalesRowSchema = z.object({ item: z.string(), quantity: count, revenue: money });
export type ItemSalesRow = z.infer<typeof itemSalesRowSchema>;
export const couponSalesRowSchema = z.object({ coupon: z.string(), orders: count, discount: money, revenue: money });
export type CouponSalesRow = z.infer<typeof couponSalesRowSchema>;

export const eventDashboardSchema = z.object({
  event: z.object({ id: idSchema, name: z.string(), startDate: isoDateSchema.nullable(), endDate: isoDateSchema.nullable() }),
  range: dashboardRangeSchema,
  totals: trafficSchema.extend({ onlineNow: count, watchMinutes: z.number().min(0), contacts: count, chats: count }),
  perDay: z.array(dashboardDaySchema),
  perHour: z.array(dashboardHourSchema),
  halls: z.array(hallRowSchema),
  stands: z.array(standRowSchema),
  lectures: z.array(lectureRowSchema),
  /** The event's attendees (clients who entered it) and those listed in its network room (decision 039). */
  network: z.object({ attendees: count, optIns: count }),
  sales: z.object({
    paidOrders: count,
    revenue: money,
    byItem: z.array(itemSalesRowSchema),
    byCoupon: z.array(couponSalesRowSchema),
  }),
});
export type EventDashboard = z.infer<typeof eventDashboardSchema>;
