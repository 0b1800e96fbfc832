/** Authentication settings, read from the environment (config/.env.example explains each). */
const int = (name: string, fallback: number, min = 1): number => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, not '${raw}'.`);
  return value;
};

export const authSettings = () => ({
  secret: process.env.AUTH_JWT_SECRET ?? '',
  staffTtlSeconds: int('AUTH_STAFF_TTL_HOURS', 12) * 3600,
  clientTtlSeconds: int('AUTH_CLIENT_TTL_DAYS', 30) * 86400,
  codeLength: Math.min(int('SMS_CODE_LENGTH', 4, 4), 10),
  codeTtlSeconds: int('SMS_CODE_TTL_SECONDS', 300),
  maxTries: int('SMS_MAX_TRIES', 5),
  resendSeconds: int('SMS_RESEND_SECONDS', 30, 0),
  maxCodesPerHour: int('SMS_MAX_PER_HOUR', 6),
  lockAfterFailures: int('SMS_LOCK_AFTER_FAILURES', 20),
  /** Wrong codes (after the right password) in 24 h from which each new login code waits longer. */
  slowdownAfterFailures: int('SMS_SLOWDOWN_AFTER_FAILURES', 10),
  /** The first of those waits (seconds); it doubles with each further wrong code, up to 15 minutes. */
  slowdownSeconds: int('SMS_SLOWDOWN_SECONDS', 30, 0),
  ipPerMinute: int('AUTH_RATE_LIMIT_IP_PER_MINUTE', 30),
  accountPerMinute: int('AUTH_RATE_LIMIT_ACCOUNT_PER_MINUTE', 10),
  bcryptCost: int('BCRYPT_COST', 10, 4),
  /**
   * A password recovery answers after at least this long, whether or not the e-mail has an
   * account (ASVS 6.3.8: the same work both ways; the SMS is sent within it).
   */
  recoveryAnswerMs: int('AUTH_RECOVERY_ANSWER_MS', 400, 0),
});

export type AuthSettings = ReturnType<typeof authSettings>;
