/**
 * Every `msg` key the server can answer with. The venue looks each one up in its
 * language pack (PT is the fallback), so every key here must exist in the PT pack:
 * a unit test enforces it.
 */
export const MESSAGE_KEYS = [
  'api.ok',
  'api.created',
  'api.updated',
  'api.deleted',
  'api.error.invalidId',
  'api.error.invalidLimit',
  'api.error.invalidOffset',
  'api.error.invalidSearch',
  'api.error.invalidOrder',
  'api.error.invalidFilter',
  'api.error.invalidQuery',
  'api.error.invalidBody',
  'api.error.notFound',
  'api.error.eventNotFound',
  'api.error.standNotFound',
  'api.error.roomNotFound',
  'api.error.languageNotFound',
  'api.error.routeNotFound',
  'api.error.unauthorized',
  'api.error.forbidden',
  'api.error.tooManyRequests',
  'api.error.payloadTooLarge',
  'api.error.conflict',
  'api.error.unavailable',
  'api.error.internal',
  'api.error.network',
  'pageView.recorded',
  'auth.error.invalidCredentials',
  'auth.error.invalidType',
  'auth.error.invalidCode',
  'auth.error.codeExpired',
  'auth.error.codeBlocked',
  'auth.error.accountLocked',
  'auth.error.smsTooSoon',
  'auth.error.smsLimit',
  'auth.error.smsFailed',
  'auth.error.passwordRules',
  'auth.error.passwordMismatch',
  'auth.error.clientNotFound',
  'auth.error.emailTaken',
  'auth.sms.sent',
  'auth.firstAccess',
  'auth.login.ok',
  'auth.logout.ok',
  'auth.recovery.sent',
  'auth.password.changed',
  'users.error.cannotDeleteSelf',
  'users.error.lastAdmin',
  'users.error.phoneRequired',
  'clients.error.invalidCpf',
  'clients.error.invalidCep',
  'clients.error.invalidPhone',
] as const;

export type MessageKey = (typeof MESSAGE_KEYS)[number];

export const isMessageKey = (value: unknown): value is MessageKey =>
  typeof value === 'string' && (MESSAGE_KEYS as readonly string[]).includes(value);
