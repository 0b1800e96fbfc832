import fs from 'node:fs';
import path from 'node:path';
import { settingsOf, type Env } from '../lib/settings';

/** One way to send a text message; chosen by SMS_PROVIDER. */
export interface SmsSender {
  readonly name: string;
  send(phone: string, text: string): Promise<void>;
}

interface Log {
  info(message: string): void;
}

/** Development: the message goes to the server log. */
export const logSender = (log: Log): SmsSender => ({
  name: 'log',
  send: async (phone, text) => log.info(`[sms] to ${phone}: ${text}`),
});

/** Tests: one JSON line per message ({phone, text, time}) appended to a file. */
export const outboxSender = (file: string): SmsSender => ({
  name: 'outbox',
  send: async (phone, text) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.appendFileSync(file, `${JSON.stringify({ phone, text, time: new Date().toISOString() })}\n`);
  },
});

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** Base URL of the API (a local fake server in tests). */
  apiUrl: string;
  timeoutMs: number;
}

/** Production: Twilio's Messages API over HTTPS. */
export const twilioSender = (settings: TwilioSettings): SmsSender => ({
  name: 'twilio',
  send: async (phone, text) => {
    const url = `${settings.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), settings.timeoutMs);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ To: phone, From: settings.from, Body: text }).toString(),
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    } finally {
      clearTimeout(timer);
    }
  },
});

/** The sender configured by SMS_PROVIDER (log by default; outbox in tests), from an env object or the process's settings. */
export const createSmsSender = (env: Env | undefined, log: Log): SmsSender => {
  const { provider, outbox, twilio } = settingsOf(env).sms;
  switch (provider) {
    case 'log':
      return logSender(log);
    case 'outbox':
      if (!outbox) throw new Error('SMS_PROVIDER=outbox needs SMS_OUTBOX (the file to append messages to).');
      return outboxSender(outbox);
    case 'twilio': {
      const missing = Object.entries({
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_AUTH_TOKEN: twilio.authToken,
        TWILIO_FROM: twilio.from,
      })
        .filter(([, value]) => !value)
        .map(([name]) => name);
      if (missing.length) throw new Error(`SMS_PROVIDER=twilio needs ${missing.join(', ')}.`);
      return twilioSender(twilio);
    }
    default:
      throw new Error('SMS_PROVIDER must be log, outbox or twilio (required in production).');
  }
};

let shared: SmsSender | undefined;

/** The process's one sender, created from the settings on first use. */
export const smsSender = (log: Log): SmsSender => (shared ??= createSmsSender(undefined, log));
