import { describe, expect, it } from 'vitest';
import { parseSettings } from '../lib/settings';
import { renderEmail } from './templates/layout';
import { translatorOf } from './texts';
import { classifyFailure } from './transport';

describe('e-mail texts', () => {
  const pt = new Map([
    ['email.welcome.heading', 'Olá, {{name}}!'],
    ['email.welcome.action', 'Confirmar meu e-mail'],
  ]);
  it('takes a key the pack lacks from PT, and answers a key no pack has as itself, never a crash', () => {
    const warned: string[] = [];
    const t = translatorOf(new Map([['email.welcome.heading', 'Hello, {{name}}!']]), pt, (message) => warned.push(message));
    expect(t('email.welcome.heading', { name: 'Ana' })).toBe('Hello, Ana!');
    expect(t('email.welcome.action')).toBe('Confirmar meu e-mail');
    expect(t('email.welcome.missing')).toBe('email.welcome.missing');
    expect(warned).toEqual(['[email] the text email.welcome.missing is in no pack']);
    // A placeholder without its value stays visible rather than vanishing.
    expect(t('email.welcome.heading')).toBe('Hello, {{name}}!');
  });
});

describe('the layout', () => {
  const t = (key: string, values: Record<string, string | number> = {}) => `${key}${values.name ? `:${values.name}` : ''}`;
  it('escapes every text in the HTML and keeps it as typed in the plain part', () => {
    const { html, text } = renderEmail(
      {
        subject: 'A & B',
        heading: 'Olá, <script>alert(1)</script>',
        paragraphs: ['"aspas" & \'apóstrofos\''],
        action: { label: 'Abrir <já>', url: 'https://exemplo.com.br/a?b=1&c=2' },
        details: [{ label: 'Total', value: 'R$ 10,00 <b>' }],
      },
      { name: 'Evento <X>', color: '#ffffff', language: 'pt' },
      t,
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('Olá, &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;aspas&quot; &amp; &#39;apóstrofos&#39;');
    expect(html).toContain('href="https://exemplo.com.br/a?b=1&amp;c=2"');
    expect(html).toContain('Evento &lt;X&gt;');
    expect(html).toContain('R$ 10,00 &lt;b&gt;');
    // Dark text on a light brand colour.
    expect(html).toContain('color:#111111');
    expect(text).toContain('Olá, <script>alert(1)</script>');
    expect(text).toContain('https://exemplo.com.br/a?b=1&c=2');
    expect(text).toContain('Total: R$ 10,00 <b>');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() =>
      renderEmail(
        { subject: 's', heading: 'h', paragraphs: [], action: { label: 'x', url: 'javascript:alert(1)' } },
        { name: 'n', color: '#000000', language: 'pt' },
        t,
      ),
    ).toThrow(/http/);
  });
});

describe('delivery failures', () => {
  it('counts a 5xx answer as permanent, and 4xx, a refused connection and a refused login as temporary', () => {
    expect(classifyFailure({ code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 No such user' })).toEqual({
      permanent: true,
      answer: '550 5.1.1 No such user',
    });
    expect(classifyFailure({ code: 'EENVELOPE', responseCode: 421, response: '421 Try later' }).permanent).toBe(false);
    expect(classifyFailure({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:25' })).toEqual({
      permanent: false,
      answer: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    expect(classifyFailure({ code: 'EAUTH', responseCode: 535, response: '535 Authentication failed' }).permanent).toBe(false);
  });
});

describe('e-mail settings', () => {
  it('logs outside production by default and names what SMTP needs', () => {
    expect(parseSettings({}).email).toMatchObject({ provider: 'log', perSecond: 20, dkim: null });
    expect(parseSettings({ NODE_ENV: 'production' }).email.provider).toBeNull();
    expect(() => parseSettings({ EMAIL_PROVIDER: 'smtp' })).toThrow(/SMTP_HOST[^]*EMAIL_FROM/);
    expect(() => parseSettings({ EMAIL_PROVIDER: 'outbox' })).toThrow(/EMAIL_OUTBOX/);
    expect(() => parseSettings({ EMAIL_PROVIDER: 'pigeon' })).toThrow(/EMAIL_PROVIDER takes one of log, outbox, smtp/);
    expect(() => parseSettings({ EMAIL_FROM: 'não é endereço' })).toThrow(/EMAIL_FROM takes an address/);
    expect(() =>
      parseSettings({ EMAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.exemplo.com.br', EMAIL_FROM: 'x@exemplo.com.br', SMTP_USER: 'u' }),
    ).toThrow(/SMTP_USER and SMTP_PASSWORD/);
    expect(() => parseSettings({ DKIM_DOMAIN: 'exemplo.com.br' })).toThrow(/DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY/);
    const smtp = parseSettings({
      EMAIL_PROVIDER: 'smtp',
      SMTP_HOST: 'smtp.exemplo.com.br',
      SMTP_PORT: '465',
      SMTP_SECURE: 'true',
      EMAIL_FROM: 'Eventos <nao-responda@exemplo.com.br>',
    }).email;
    expect(smtp).toMatchObject({
      provider: 'smtp',
      messageIdDomain: 'exemplo.com.br',
      smtp: { host: 'smtp.exemplo.com.br', port: 465, secure: true, auth: null },
    });
  });

  it('reads the job system’s settings', () => {
    expect(parseSettings({}).jobs).toEqual({ work: true, pollMs: 1000, maintenanceSeconds: 30, schema: 'pgboss' });
    expect(() => parseSettings({ JOBS_SCHEMA: 'drop table' })).toThrow(/JOBS_SCHEMA/);
    expect(parseSettings({ JOBS_WORK: 'false' }).jobs.work).toBe(false);
  });
});
