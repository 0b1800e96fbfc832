/**
 * Plain constants and enumerations of the contract (SPEC §3, §9), with no zod: the venue's first
 * load imports them from `@plataforma/adapter/constants` without pulling in a schema library. The
 * zod schemas of each resource (`contracts/*.ts`) are built from these arrays.
 */

/** Stand tiers (SPEC §9): master stands fill the gold hall. */
export const STAND_TYPES = ['master', 'silver', 'bronze'] as const;
export type StandType = (typeof STAND_TYPES)[number];
/**
 * The one map from a stand's type to the text key of its tier's name (SPEC §3/§9, decision 003):
 * the booths' plates, the stand screen's badge and the back office's stands all show
 * `t(STAND_TIER_KEY[type])`, so each language names a tier once (PT: MASTER, SILVER/PRATA, BRONZE).
 */
export const STAND_TIER_KEY = {
  master: 'stands.tier.master',
  silver: 'stands.tier.silver',
  bronze: 'stands.tier.bronze',
} as const satisfies Readonly<Record<StandType, `stands.tier.${StandType}`>>;

export const SPONSOR_TYPES = ['master', 'premium', 'supporter'] as const;
export type SponsorType = (typeof SPONSOR_TYPES)[number];

export const STAFF_ROLES = ['admin', 'attendant'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Roles a route can admit: staff roles, a fully signed-in client, a soft (e-mail only) client. */
export const ACCESS_ROLES = [...STAFF_ROLES, 'client', 'soft-client'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];

export const EVENT_STATUSES = ['open', 'closed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
/**
 * The public catalogue's date filter (`/events?when=`): upcoming takes the events not yet over
 * (running today or later), past those whose last day was before today, in the product's zone.
 */
export const EVENT_WHEN = ['upcoming', 'past'] as const;
export type EventWhen = (typeof EVENT_WHEN)[number];

export const MEDIA_TYPES = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Language packs, in the order a visitor picks them: PT is bundled; EN and AL (German) ship with the platform (served, not bundled) and can be replaced by uploads. */
export const LANGUAGES = ['pt', 'en', 'al'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The `lang` of the page per pack: AL is the German pack (SPEC §2.3 labels it German). */
export const HTML_LANG: Readonly<Record<Language, string>> = { pt: 'pt-BR', en: 'en', al: 'de' };
/** What the language switcher shows per pack (issue 56): German reads 'DE' as people know it; `al` stays the pack's code (SPEC §1). */
export const LANGUAGE_LABEL: Readonly<Record<Language, string>> = { pt: 'PT', en: 'EN', al: 'DE' };

/** The site's pages an admin writes as content (a Strapi single type each): the terms of use and 'about us'. */
export const SITE_PAGES = ['terms', 'about'] as const;
export type SitePageKey = (typeof SITE_PAGES)[number];

export const CONTACT_SUBJECTS = ['doubts', 'suggestions', 'partner', 'others'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
/** The subject of a stored contact: one of the form's, or 'stand' for a request to a stand. */
export const STORED_CONTACT_SUBJECTS = [...CONTACT_SUBJECTS, 'stand'] as const;
export type StoredContactSubject = (typeof STORED_CONTACT_SUBJECTS)[number];

export const CHAT_SENDERS = ['client', 'stand'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];

/** Staff (`user`) or site client (SPEC §4's agents). */
export const AUTH_TYPES = ['user', 'client'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

// ----- page sizes -----
export const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MAX = 100;
export const SEARCH_MAX_LENGTH = 100;
/** The back office table's page sizes (SPEC §5). */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;
/** The networking room's page (SPEC §2.4): 30 people a request, the most the server serves. */
export const NETWORK_PAGE_SIZE = 30;
/** hall-salas shows three rooms a page (SPEC §2.4). */
export const HALL_ROOMS_PAGE_SIZE = 3;

// ----- SMS and passwords (SPEC §2.2) -----
export const SMS_RESEND_SECONDS = 30;
export const SMS_CODE_PLACEHOLDER_LENGTH = 4;
export const SMS_VALIDATE_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 8;

/** Money symbols (SPEC §3): 'R$' for reais, '$' for the foreign-currency variant. */
export const CURRENCIES = ['R$', '$'] as const;

/** The word a client types to confirm deleting their account (LGPD). */
export const CLIENT_ERASURE_WORD = 'EXCLUIR';

/** An order's life (decision 045): pending → paid | failed | expired | cancelled; paid → refunded (admin). */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** How a buyer pays: PIX (QR code / copy-paste), card with instalments, or nothing (free, 100 % coupon, staff grant). */
export const PAYMENT_METHODS = ['pix', 'card', 'free'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ['pending', 'approved', 'declined', 'expired', 'refunded', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** PAYMENT_PROVIDER: `sandbox` (development and tests), `mercadopago`, `manual-pix` (the organiser's own key). */
export const PAYMENT_PROVIDERS = ['sandbox', 'mercadopago', 'manual-pix'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** Most card instalments offered at checkout (the event's `installments` caps it further). */
export const CARD_INSTALLMENTS_MAX = 12;
/** Minutes a PIX charge waits before its order expires and releases its coupon (PIX_EXPIRES_MINUTES). */
export const PIX_EXPIRES_MINUTES_DEFAULT = 30;

/** The most a lecture heartbeat credits (seconds), and how often the venue sends one while a lecture plays (decision 047). */
export const WATCH_HEARTBEAT_SECONDS = 30;
