import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import winston from 'winston';
import { BatchedConsole, BatchedOutput, localStamp, strapiLineFormat } from './log-output';

// Decision 065: Strapi's default log line, word for word, written in batches.
const load = createRequire(__filename);
// winston registers its levels' colours in logform when it loads: as Strapi's process loads it.
load('winston');
const strapiLogger = load('@strapi/logger') as {
  formats: { prettyPrint: () => winston.Logform.Format };
  configs: unknown;
};
const fecha = load(load.resolve('fecha', { paths: [load.resolve('logform')] })) as { format(date: Date, mask: string): string };
const MESSAGE = Symbol.for('message');
const LEVEL = Symbol.for('level');

/** The line a format makes of `info`, as winston's logger hands it over (the level also under LEVEL). */
const lineOf = (format: winston.Logform.Format, make: () => winston.Logform.TransformableInfo) => {
  const info = make();
  (info as unknown as Record<symbol, unknown>)[LEVEL] = info.level;
  return String((format.transform(info, format.options) as Record<symbol, unknown>)[MESSAGE]);
};

afterEach(() => {
  vi.useRealTimers();
});

describe("Strapi's log line", () => {
  it('is the same text as @strapi/logger writes, for a request line, a warning and an error with its stack', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 29, 9, 5, 7, 42));
    const infos: (() => winston.Logform.TransformableInfo)[] = [
      () => ({ level: 'http', message: 'POST /api/site/v1/watch/heartbeat (3 ms) 400' }),
      () => ({ level: 'warn', message: '[chat] Redis: connection lost' }),
      () =>
        Object.assign(new Error('falhou'), {
          level: 'error',
          stack: 'Error: falhou\n    at handle (heartbeat-front.js:1:1)',
        }) as unknown as winston.Logform.TransformableInfo,
    ];
    for (const make of infos) expect(lineOf(strapiLineFormat(), make)).toBe(lineOf(strapiLogger.formats.prettyPrint(), make));
    const red = (text: string) => `\u001b[31m${text}\u001b[39m`;
    expect(lineOf(strapiLineFormat(), infos[2])).toBe(
      `[2026-11-29 09:05:07.042] ${red('error')}: falhou\nError: falhou\n    at handle (heartbeat-front.js:1:1)`,
    );
  });

  it("makes fecha's 'YYYY-MM-DD HH:mm:ss.SSS' in local time, across seconds, days and years", () => {
    const dates = [
      new Date(2026, 0, 1, 0, 0, 0, 0),
      new Date(2026, 0, 1, 0, 0, 0, 999),
      new Date(2026, 0, 1, 0, 0, 1, 5),
      new Date(2025, 11, 31, 23, 59, 59, 999),
      new Date(2026, 1, 28, 12, 30, 45, 100),
      new Date(999, 4, 6, 7, 8, 9, 10),
      new Date(2026, 1, 28, 12, 30, 45, 101),
    ];
    for (const date of dates) expect(localStamp(date), date.toISOString()).toBe(fecha.format(date, 'YYYY-MM-DD HH:mm:ss.SSS'));
  });
});

describe('the batched output', () => {
  const sink = () => {
    const writes: string[] = [];
    return { writes, output: { write: (text: string) => writes.push(text) } };
  };

  it('writes the lines of one turn of the event loop together, in order, on the next', async () => {
    const { writes, output } = sink();
    const batched = new BatchedOutput(output);
    batched.write('um\n');
    batched.write('dois\n');
    batched.write('três\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['um\ndois\ntrês\n']);
    batched.write('quatro\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['um\ndois\ntrês\n', 'quatro\n']);
    batched.close();
  });

  it('writes at once past 64 KB, and what is pending when the process exits', () => {
    const { writes, output } = sink();
    const batched = new BatchedOutput(output);
    const long = `${'x'.repeat(40 * 1024)}\n`;
    batched.write(long);
    expect(writes).toEqual([]);
    batched.write(long);
    expect(writes).toEqual([long + long]);
    batched.write('último\n');
    process.emit('exit', 0);
    expect(writes).toEqual([long + long, 'último\n']);
    batched.close();
  });

  it("is a winston transport: a logger's lines in order, every level, one write", async () => {
    const { writes, output } = sink();
    const batched = new BatchedOutput(output);
    const logger = winston.createLogger({
      level: 'http',
      levels: { error: 0, warn: 1, info: 2, http: 3 },
      format: winston.format.printf(({ level, message }) => `${level}: ${String(message)}`),
      transports: [new BatchedConsole(batched)],
    });
    logger.http('GET / (1 ms) 200');
    logger.error('falhou');
    logger.info('pronto');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(writes).toEqual(['http: GET / (1 ms) 200\nerror: falhou\ninfo: pronto\n']);
    batched.close();
  });
});
