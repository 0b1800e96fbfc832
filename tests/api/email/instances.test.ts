import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../helpers/accounts';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { freePort, startInstance, stopInstance, type Instance } from '../helpers/instances';
import { smtpEnv, startSmtp, type TestSmtp } from '../helpers/smtp';

// No second copy (decision 081): two instances of the product on one PostgreSQL database. The
// first takes the registration's welcome, claims it and is killed (SIGKILL) after sending the
// message's DATA, before the SMTP server's 250; the second takes the job once it expired,
// claims the message once its lease ran out and delivers it — once, with the same Message-ID.
describe.runIf(Boolean(process.env.DATABASE_URL))('an e-mail whose sender was killed mid-send', () => {
  let dir: string;
  let database: TestDatabase;
  let smtp: TestSmtp;
  let first: Instance | null = null;
  let second: Instance | null = null;
  let env: Record<string, string>;

  const row = async (email: string) => {
    const db = new Client({ connectionString: database.env.DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await db.query('select status, attempts, message_id, owner from email_messages where recipient = $1', [email]);
      return rows[0] as { status: string; attempts: number; message_id: string; owner: string | null } | undefined;
    } finally {
      await db.end();
    }
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plataforma-email-kill-'));
    database = await createTestDatabase('email_kill');
    smtp = await startSmtp();
    env = {
      ...smtpEnv(smtp),
      EMAIL_LEASE_SECONDS: '4',
      EMAIL_RETRY_SECONDS: '1',
      JOBS_POLL_MS: '200',
      JOBS_MAINTENANCE_SECONDS: '1',
    };
  });

  afterAll(async () => {
    if (first && first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL');
    await stopInstance(second);
    await smtp?.close();
    await database?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is finished by the other instance, and arrives once', { timeout: 120_000 }, async () => {
    first = await startInstance(dir, database, await freePort(), { env });
    const hung = smtp.hangNext();
    const email = 'morre-no-meio@exemplo.com.br';
    const res = await supertest(`http://127.0.0.1:${first.port}`)
      .post('/api/site/v1/clients')
      .send({ name: 'Ana Souza', email, password: PASSWORD, passwordConfirm: PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sent = await hung;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(await row(email)).toMatchObject({ status: 'sending', attempts: 1 });
    expect(smtp.received).toHaveLength(0);

    second = await startInstance(dir, database, await freePort(), { env });
    const [delivered] = await smtp.waitFor(1, 60_000);
    expect(delivered.envelope.to).toEqual([email]);
    expect(delivered.mail.messageId).toBe(sent.mail.messageId);
    expect(delivered.mail.subject).toBe(sent.mail.subject);
    const stored = await row(email);
    expect(stored).toMatchObject({ status: 'sent', attempts: 2, owner: null });
    expect(stored?.message_id).toBe(sent.mail.messageId);
    // And no second copy follows.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(smtp.received).toHaveLength(1);
  });
});
