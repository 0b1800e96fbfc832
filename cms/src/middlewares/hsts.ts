export const HSTS = 'max-age=31536000; includeSubDomains';

/** Strict-Transport-Security only on answers that went out over HTTPS (directly, or via a trusted proxy). */
export default () => async (ctx: { secure: boolean; set(field: string, value: string): void }, next: () => Promise<void>) => {
  await next();
  if (ctx.secure) ctx.set('Strict-Transport-Security', HSTS);
};
