import winston from 'winston';

/** winston's key of the finished line (triple-beam's MESSAGE). */
const MESSAGE = Symbol.for('message');

/** Largest batch kept before it is written at once (a burst of lines never waits long in memory). */
const MAX_BATCH_BYTES = 64 * 1024;

interface Output {
  write(text: string): unknown;
}

/**
 * Lines written to an output (stdout) together, once per turn of the event loop, instead of one
 * write each (decision 065). A write to stdout is synchronous on Linux for files, pipes and
 * sockets — journald's and docker's included — so each access line was a system call in the
 * middle of answering requests. Lines keep their order; what is pending is written before the
 * process exits (`exit` runs for an uncaught exception too). Only a process killed outright
 * (SIGKILL, a crash of Node itself) loses the lines of its last turn.
 */
export class BatchedOutput {
  private pending: string[] = [];
  private bytes = 0;
  private scheduled = false;

  constructor(private readonly output: Output = process.stdout) {
    process.on('exit', this.flush);
  }

  write(line: string): void {
    this.pending.push(line);
    this.bytes += line.length;
    if (this.bytes >= MAX_BATCH_BYTES) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  readonly flush = (): void => {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const text = this.pending.length === 1 ? this.pending[0] : this.pending.join('');
    this.pending = [];
    this.bytes = 0;
    this.output.write(text);
  };

  /** Stops flushing at exit (a test's output). */
  close(): void {
    this.flush();
    process.removeListener('exit', this.flush);
  }
}

/** The process's one batched stdout, shared by every logger made in it (tests make many). */
let stdout: BatchedOutput | undefined;
const sharedStdout = () => (stdout ??= new BatchedOutput());

/**
 * Strapi's default console transport (winston's Console, every level on stdout) writing through a
 * `BatchedOutput`. Its `logged` event, which nothing of Strapi's or ours listens to, is not sent.
 */
export class BatchedConsole extends winston.transports.Console {
  constructor(private readonly output: BatchedOutput = sharedStdout()) {
    super();
  }

  override log(info: Record<string | symbol, unknown>, callback?: () => void): void {
    this.output.write(`${String(info[MESSAGE])}\n`);
    callback?.();
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * The local time as Strapi's default format writes it ('YYYY-MM-DD HH:mm:ss.SSS', by fecha),
 * with everything up to the second made once a second.
 */
export const localStamp = (() => {
  let second = NaN;
  let prefix = '';
  return (date: Date = new Date()): string => {
    const time = date.getTime();
    const whole = Math.floor(time / 1000);
    if (whole !== second) {
      second = whole;
      prefix =
        `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
        `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.`;
    }
    return prefix + pad(time - whole * 1000, 3);
  };
})();

/**
 * Strapi's default line (`@strapi/logger`'s prettyPrint: timestamp, colours, an error's stack,
 * `[time] level: message`), its timestamp made by `localStamp` instead of fecha.
 */
export const strapiLineFormat = (): winston.Logform.Format =>
  winston.format.combine(
    winston.format((info) => {
      info.timestamp = localStamp();
      return info;
    })(),
    winston.format.colorize(),
    winston.format((info) =>
      info instanceof Error ? { ...info, message: `${info.message}${info.stack ? `\n${info.stack}` : ''}` } : info,
    )(),
    winston.format.printf(({ level, message, timestamp }) => `[${String(timestamp)}] ${level}: ${String(message)}`),
  );
