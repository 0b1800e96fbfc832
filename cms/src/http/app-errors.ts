/** Codes of a connection the client closed or broke before its request, or our answer, was done. */
const CLIENT_GONE_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

interface Log {
  error: (...args: unknown[]) => void;
  debug: (...args: unknown[]) => void;
}

const fieldsOf = (error: unknown): { code?: unknown; message?: unknown; status?: unknown; expose?: unknown } =>
  typeof error === 'object' && error !== null ? error : {};

/**
 * True for the errors of a connection the client ended half way: a reset or broken pipe, a
 * request aborted, or Node's HTTP parser failing on a request cut short ('HPE_…', e.g. a browser
 * that cancels an upload ends its side of the connection before the body it announced).
 */
export const isClientGone = (error: unknown): boolean => {
  const { code, message } = fieldsOf(error);
  if (typeof code === 'string' && (CLIENT_GONE_CODES.has(code) || code.startsWith('HPE_'))) return true;
  return message === 'aborted' || message === 'request aborted';
};

/**
 * The Koa application's error handler (`app.onerror`: Koa's 'error' listener, which the upload
 * plugin's own listener also calls), in place of Koa's default that prints every error's stack
 * with console.error: what escaped the middlewares goes to the server's log as an error,
 * except what Koa's default also keeps quiet (404, exposed client errors) and a connection the
 * client ended half way — a cancelled upload or a closed tab is no server error (debug only).
 */
export const appErrorListener =
  (log: Log) =>
  (error: unknown): void => {
    const { code, status, expose } = fieldsOf(error);
    if (isClientGone(error)) {
      log.debug(`[http] connection ended by the client (${typeof code === 'string' ? code : 'aborted'})`);
      return;
    }
    if (status === 404 || expose === true) return;
    log.error(error);
  };
