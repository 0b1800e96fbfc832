import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../envelope';
import { created, defineRoute, hasNul, hasReplacementCharacter, reply } from './route';
import type { ContextLike } from './types';

const ctx = (body?: unknown): ContextLike => ({
  method: 'POST',
  path: '/things',
  params: {},
  query: {},
  request: { body },
  ip: '127.0.0.1',
  state: {},
  status: 404,
  body: undefined,
  set: () => undefined,
  get: () => '',
});

const schema = z.object({ name: z.string().min(1), type: z.enum(['a', 'b']) });

describe('defineRoute', () => {
  it('parses the body and wraps the answer in the envelope', async () => {
    const handler = vi.fn(async (_ctx: ContextLike, body: z.infer<typeof schema>) => created({ name: body.name }, 'contact.sent'));
    const route = defineRoute({ method: 'POST', path: '/things', config: { auth: false }, body: schema, handler });
    const c = ctx({ name: 'Alfa', type: 'a', extra: 1 });
    await route.handler(c);
    expect(handler).toHaveBeenCalledWith(c, { name: 'Alfa', type: 'a' });
    expect(c.status).toBe(201);
    expect(c.body).toEqual({ data: { name: 'Alfa' }, msg: 'contact.sent', status: 201 });
  });

  it('answers 400 with the key for the issues found, without running the handler', async () => {
    const handler = vi.fn(async () => reply(null));
    const route = defineRoute({
      method: 'POST',
      path: '/things',
      config: { auth: false },
      body: schema,
      invalid: (issues) => (issues.some((issue) => issue.path[0] === 'type') ? 'auth.error.invalidType' : 'api.error.invalidBody'),
      handler,
    });
    const badType = ctx({ name: 'Alfa', type: 'c' });
    await route.handler(badType);
    expect(badType.body).toEqual({ data: null, msg: 'auth.error.invalidType', status: 400 });
    const noName = ctx({ name: '', type: 'a' });
    await route.handler(noName);
    expect(noName.body).toEqual({ data: null, msg: 'api.error.invalidBody', status: 400 });
    expect(handler).not.toHaveBeenCalled();
  });

  it('leaves the context to a handler that wrote it, and answers thrown errors as envelopes', async () => {
    const redirect = defineRoute({
      method: 'GET',
      path: '/go',
      config: { auth: false },
      handler: async (c) => {
        c.status = 302;
        c.body = null;
      },
    });
    const c = ctx();
    await redirect.handler(c);
    expect(c).toMatchObject({ status: 302, body: null });
    const failing = defineRoute({
      method: 'GET',
      path: '/fail',
      config: { auth: false },
      handler: async () => {
        throw new ApiError(404, 'api.error.standNotFound');
      },
    });
    const f = ctx();
    await failing.handler(f);
    expect(f.body).toEqual({ data: null, msg: 'api.error.standNotFound', status: 404 });
  });
});

describe('bodies that were not UTF-8', () => {
  it('are found by the replacement character, in values and keys at any depth', () => {
    expect(hasReplacementCharacter({ name: 'Jo\uFFFDo' })).toBe(true);
    expect(hasReplacementCharacter({ list: [{ deep: ['ok', 'x\uFFFD'] }] })).toBe(true);
    expect(hasReplacementCharacter({ 'k\uFFFD': 1 })).toBe(true);
    expect(hasReplacementCharacter({ name: 'João', count: 3, none: null })).toBe(false);
  });
});

describe('a NUL character (issue 47)', () => {
  it('is found in strings, values and keys at any depth, and only there', () => {
    expect(hasNul('a\u0000b')).toBe(true);
    expect(hasNul({ search: ['x', { deep: 'y\u0000' }] })).toBe(true);
    expect(hasNul({ 'k\u0000': 1 })).toBe(true);
    expect(hasNul({ name: 'João', count: 0, none: null, flag: false })).toBe(false);
    expect(hasNul('\\u0000 as typed text')).toBe(false);
  });
});
