// A real SMTP server for the e-mail suites (smtp-server), on a free port of 127.0.0.1: every
// message it accepts is parsed with mailparser and kept with its raw headers. Addresses can be
// made to answer a permanent (550) or temporary (421, 451) failure at RCPT TO, and the next
// message can be made to hang after its DATA (no 250: the sender waits, as with a server that died).
import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

export interface Received {
  mail: ParsedMail;
  raw: string;
  envelope: { from: string; to: string[] };
}

export interface TestSmtp {
  port: number;
  received: Received[];
  /** RCPT TO answers for addresses (lower case): a code and its text, e.g. [550, '5.1.1 Usuário desconhecido'], or a count of times before it accepts. */
  refuse: Map<string, { code: number; text: string; times?: number }>;
  /** The next message's DATA is read and never answered; resolves when it was. */
  hangNext(): Promise<Received>;
  close(): Promise<void>;
  /** Listens again on the same port (after `close`: the server was down, now it is back). */
  reopen(): Promise<void>;
  waitFor(count: number, ms?: number): Promise<Received[]>;
}

/** A server's e-mail settings for this test SMTP server (add a file's own settings beside them). */
export const smtpEnv = (smtp: Pick<TestSmtp, 'port'>): Record<string, string> => ({
  EMAIL_PROVIDER: 'smtp',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(smtp.port),
  EMAIL_FROM: 'Eventos <nao-responda@eventos.test>',
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const readAll = (stream: SMTPServerDataStream) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

export const startSmtp = async (): Promise<TestSmtp> => {
  const port = await freePort();
  const received: Received[] = [];
  const refuse: TestSmtp['refuse'] = new Map();
  let hang: ((value: Received) => void) | null = null;
  const make = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 200,
      onRcptTo(address, _session, callback) {
        const rule = refuse.get(address.address.toLowerCase());
        if (rule && (rule.times === undefined || rule.times > 0)) {
          if (rule.times !== undefined) rule.times -= 1;
          const error = Object.assign(new Error(rule.text), { responseCode: rule.code });
          callback(error);
          return;
        }
        callback();
      },
      onData(stream, session: SMTPServerSession, callback) {
        void (async () => {
          const raw = await readAll(stream);
          const mail = await simpleParser(raw);
          const entry: Received = {
            mail,
            raw: raw.toString('utf8'),
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            },
          };
          if (hang) {
            const release = hang;
            hang = null;
            // Never answered: the sender is left waiting for the 250 that does not come.
            release(entry);
            return;
          }
          received.push(entry);
          callback();
        })().catch((error: Error) => callback(error));
      },
    });
  let server = make();
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen();
  return {
    port,
    received,
    refuse,
    hangNext: () =>
      new Promise<Received>((resolve) => {
        hang = resolve;
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    reopen: async () => {
      server = make();
      await listen();
    },
    waitFor: async (count, ms = 20_000) => {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`the SMTP server got ${received.length} of ${count} messages in ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return received;
    },
  };
};
