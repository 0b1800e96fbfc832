import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../helpers/accounts';
import { startServer, type TestServer } from '../helpers/strapi';

// EMAIL_PROVIDER=outbox (decision 081): what tests and tools read instead of a mailbox — one JSON
// line per message, built by nodemailer as it would go over SMTP, after the job sent it.
const cmsDir = path.resolve(__dirname, '../../../cms');
let server: TestServer;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-outbox-'));
const outbox = path.join(dir, 'emails.jsonl');

beforeAll(async () => {
  server = await startServer('email_outbox', { seed: false, env: { EMAIL_PROVIDER: 'outbox', EMAIL_OUTBOX: outbox, JOBS_POLL_MS: '100' } });
});

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the outbox', () => {
  it('gets the registration’s welcome as one JSON line, the row sent', async () => {
    const res = await server
      .request()
      .post('/api/site/v1/clients')
      .send({ name: 'Bruno Lima', email: 'bruno@exemplo.com.br', password: PASSWORD, passwordConfirm: PASSWORD, language: 'al' });
    expect(res.status).toBe(201);
    // Nothing is written inside the request: the job sends it.
    const { drainJobs } = createRequire(__filename)(path.join(cmsDir, 'dist/src/jobs')) as typeof import('../../../cms/src/jobs');
    await drainJobs(server.strapi);
    const lines = fs
      .readFileSync(outbox, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    const row = (await server.strapi.db
      .query('api::email-message.email-message')
      .findOne({ where: { recipient: 'bruno@exemplo.com.br' } })) as {
      status: string;
      messageId: string;
    };
    expect(row.status).toBe('sent');
    expect(lines[0]).toMatchObject({
      to: 'bruno@exemplo.com.br',
      from: 'nao-responda@localhost.localdomain',
      subject: 'Bestätigen Sie Ihre E-Mail — Veranstaltungsplattform',
      messageId: row.messageId,
    });
    expect(lines[0].text).toMatch(/\/api\/site\/v1\/clients\/email-confirmation\?token=/);
    expect(lines[0].html).toContain('<html lang="de">');
  });
});
