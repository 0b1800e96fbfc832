import type { JobData, JobKind, JobKindSpec } from './types';

const NAME = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/;

const whole = (name: string, field: string, value: number, min: number, max: number): number => {
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new Error(`Job kind ${name}: ${field} takes a whole number from ${min} to ${max}, not ${value}.`);
  return value;
};

/**
 * A kind of job: its name, handler and rules, checked once at definition. Register it at boot
 * (`startJobs(strapi, [kind, …])`) and send its jobs with `sendJob(strapi, kind, data)`.
 */
export const defineJob = <T extends JobData>(spec: JobKindSpec<T>): JobKind<T> => {
  if (!NAME.test(spec.name) || spec.name.length > 60)
    throw new Error(`Job kind name '${spec.name}' must be lower-case words joined by dots or hyphens (at most 60 characters).`);
  return {
    name: spec.name,
    handler: spec.handler,
    retries: whole(spec.name, 'retries', spec.retries ?? 3, 0, 100),
    retryDelaySeconds: whole(spec.name, 'retryDelaySeconds', spec.retryDelaySeconds ?? 10, 1, 86_400),
    backoff: spec.backoff ?? true,
    // pg-boss takes at most 24 hours.
    expireSeconds: whole(spec.name, 'expireSeconds', spec.expireSeconds ?? 300, 1, 86_399),
    concurrency: whole(spec.name, 'concurrency', spec.concurrency ?? 1, 1, 1000),
    onDead: spec.onDead,
  };
};

/**
 * The wait before retry number `retry` (1 for the first) of a kind, in seconds: pg-boss's own
 * rule, so both stores wait alike — without backoff the delay; with it delay·2^min(16,n)/2 plus
 * up to as much again at random.
 */
export const retryWaitSeconds = (kind: Pick<JobKind<JobData>, 'retryDelaySeconds' | 'backoff'>, retry: number, random = Math.random()) => {
  if (!kind.backoff) return kind.retryDelaySeconds;
  const base = (kind.retryDelaySeconds * 2 ** Math.min(16, retry)) / 2;
  return base + base * random;
};
