import { settingsOf, type Env } from '../lib/settings';

/** Authentication settings (config/.env.example explains each; parsed by lib/settings.ts). */
export const authSettings = (env?: Env) => settingsOf(env).auth;

export type AuthSettings = ReturnType<typeof authSettings>;
