import { describe, expect, it, vi } from 'vitest';
import { appErrorListener, isClientGone } from './app-errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isClientGone', () => {
  it('is true for a connection the client ended half way', () => {
    expect(isClientGone(withCode('Parse Error', 'HPE_INVALID_EOF_STATE'))).toBe(true);
    expect(isClientGone(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(true);
    expect(isClientGone(withCode('write EPIPE', 'EPIPE'))).toBe(true);
    expect(isClientGone(withCode('Premature close', 'ERR_STREAM_PREMATURE_CLOSE'))).toBe(true);
    expect(isClientGone(new Error('aborted'))).toBe(true);
  });

  it('is false for the server’s own errors and for what is not an error', () => {
    expect(isClientGone(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBe(false);
    expect(isClientGone(withCode('connect ECONNREFUSED', 'ECONNREFUSED'))).toBe(false);
    expect(isClientGone(new TypeError('undefined is not a function'))).toBe(false);
    expect(isClientGone(null)).toBe(false);
    expect(isClientGone('HPE_INVALID_EOF_STATE')).toBe(false);
  });
});

describe('appErrorListener', () => {
  const log = () => ({ error: vi.fn(), debug: vi.fn() });

  it('logs a server error as an error', () => {
    const logger = log();
    const failure = new Error('the database went away');
    appErrorListener(logger)(failure);
    expect(logger.error).toHaveBeenCalledWith(failure);
  });

  it('keeps a cancelled upload out of the error log (debug only)', () => {
    const logger = log();
    appErrorListener(logger)(withCode('Parse Error', 'HPE_INVALID_EOF_STATE'));
    expect(logger.error).not.toHaveBeenCalled();
    expect(logger.debug).toHaveBeenCalledWith('[http] connection ended by the client (HPE_INVALID_EOF_STATE)');
  });

  it('stays quiet where Koa’s default does: 404 and exposed client errors', () => {
    const logger = log();
    appErrorListener(logger)(Object.assign(new Error('Not Found'), { status: 404 }));
    appErrorListener(logger)(Object.assign(new Error('Bad Request'), { status: 400, expose: true }));
    expect(logger.error).not.toHaveBeenCalled();
  });
});
