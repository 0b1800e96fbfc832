import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ATTENDANT, staffSignIn, visitorSignIn } from './helpers';

// Issue 56, item 1: the server restarts in the middle of a chat. A visitor (a phone) talks with an
// attendant in the back office's 'Conversas'; the server is killed and started again on the same
// port and database; both screens come back by themselves, without a reload, and what was written
// while one side was still away reaches it (chat_open's `since`; the inbox reads its list again).
//
// The suite's shared server cannot be restarted: this spec runs its own (tests/e2e/serve.mjs on a
// port of its own, a database of its own: a SQLite file, or a PostgreSQL database when DATABASE_URL
// is set), and drives it through its stdin ('kill', 'start').

const root = path.resolve(__dirname, '..', '..');
const VISITOR = 'Ana Beatriz Souza';
const STAND = 'Vitalis Farmacêutica';
const OFFLINE = 'Sem conexão. Tentando reconectar…';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The spec's own server: started, killed (SIGKILL, as in a crash) and started again on the same port and database. */
class OwnServer {
  private child: ChildProcessWithoutNullStreams | null = null;
  output = '';
  constructor(readonly port: number) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async open(timeout: number) {
    this.child = spawn(process.execPath, ['tests/e2e/serve.mjs'], {
      cwd: root,
      // Uploads on its disk ('' overrides the S3 file the config put in the environment).
      env: { ...process.env, E2E_PORT: String(this.port), E2E_S3_URL_FILE: '', E2E_CONTROL: 'stdin' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString();
    };
    this.child.stdout.on('data', keep);
    this.child.stderr.on('data', keep);
    await this.ready(timeout);
  }

  /** Waits until the API answers (the config's webServer waits on the same address). */
  async ready(timeout: number) {
    const until = Date.now() + timeout;
    for (;;) {
      if (this.child?.exitCode !== null) throw new Error(`the spec's server ended:\n${this.output.slice(-4000)}`);
      const answer = await fetch(`${this.url}/api/site/v1/events/1`).catch(() => null);
      if (answer?.ok) return;
      if (Date.now() > until) throw new Error(`the spec's server did not answer in ${timeout} ms:\n${this.output.slice(-4000)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  private async command(line: 'kill' | 'start', answer: string) {
    const seen = this.output.split(answer).length;
    this.child?.stdin.write(`${line}\n`);
    await expect.poll(() => this.output.split(answer).length, { timeout: 10_000 }).toBeGreaterThan(seen);
  }

  kill() {
    return this.command('kill', '[e2e] killed');
  }

  async start(timeout: number) {
    await this.command('start', '[e2e] started');
    await this.ready(timeout);
  }

  /** Stops it for good: serve.mjs drops its database and removes its folder. */
  async close() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const ended = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    await ended;
  }
}

let server: OwnServer;
test.beforeAll(async () => {
  // The first start seeds the demo (about 25 s on two cores).
  test.setTimeout(150_000);
  server = new OwnServer(await freePort());
  await server.open(120_000);
});
test.afterAll(async () => {
  await server?.close();
});
// What the spec's server said, with a failed walk's report (its output goes nowhere else).
test.afterEach(async ({ browserName }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach(`server-output-${browserName}`, { body: server.output.slice(-20_000), contentType: 'text/plain' });
  }
});

const contextOn = (browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> =>
  browser.newContext({ ...options, baseURL: server.url });

/** The visitor's widget says nothing of the stand's presence: neither online nor away. */
const presenceUnknown = async (visitor: Page) => {
  await expect(visitor.getByText('Atendente online agora.')).toHaveCount(0);
  await expect(visitor.getByText(/^Nenhum atendente online agora\./)).toHaveCount(0);
};

test('after a server restart both sides of a chat come back and catch up, without a reload', async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const staffContext = await contextOn(browser);
  const staff = await staffContext.newPage();
  await staffSignIn(staff, ATTENDANT.email, ATTENDANT.password);
  await expect(staff).toHaveURL(/\/cms\/estandes$/);
  await staff.goto('/cms/conversas');
  await expect(staff.getByRole('heading', { name: 'Conversas' })).toBeVisible();

  const visitorContext = await contextOn(browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const visitor = await visitorContext.newPage();
  await visitorSignIn(visitor);
  await visitor.goto('/plataforma/1/estande/1');
  await visitor.getByRole('button', { name: 'Conversar com o estande' }).click();
  // The attendant's socket may still be joining on a loaded machine (seen at 10 s in a busy run).
  await expect(visitor.getByText('Atendente online agora.')).toBeVisible({ timeout: 20_000 });
  const visitorLog = visitor.getByRole('log', { name: `Conversa com ${STAND}` });
  const visitorBox = visitor.getByRole('textbox', { name: 'Mensagem' });
  await visitorBox.fill('Bom dia! Vocês têm amostras do produto novo?');
  await visitorBox.press('Enter');
  await expect(visitorLog.getByRole('listitem')).toHaveText([/Bom dia! Vocês têm amostras do produto novo\?.*entregue/]);

  // The attendant opens the conversation beside the list and answers.
  const row = staff.getByRole('button', { name: new RegExp(`^Abrir conversa com ${VISITOR}`) });
  await row.click();
  const staffLog = staff.getByRole('log', { name: `Conversa com ${VISITOR}` });
  await expect(staffLog.getByText('Bom dia! Vocês têm amostras do produto novo?')).toBeVisible();
  const staffBox = staff.getByRole('textbox', { name: 'Mensagem' });
  await staffBox.fill('Temos sim, posso separar algumas.');
  await staffBox.press('Enter');
  await expect(visitorLog.getByText('Temos sim, posso separar algumas.')).toBeVisible({ timeout: 5_000 });

  // A mark on each page: a reload would lose it.
  for (const page of [visitor, staff]) await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  // The server goes away (killed: the sockets are cut, nobody is told). Both screens say so; the
  // visitor is no longer told the stand is attended, since nobody can know.
  await server.kill();
  await expect(visitor.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible({ timeout: 5_000 });
  await presenceUnknown(visitor);
  await expect(visitor.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  await expect(staff.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible({ timeout: 5_000 });

  // The attendant's network is still down when the server is back: the visitor comes back first.
  await staffContext.setOffline(true);
  await server.start(60_000);
  await expect(visitor.getByRole('status').filter({ hasText: OFFLINE })).toBeHidden({ timeout: 5_000 });
  await expect(visitor.getByText(/^Nenhum atendente online agora\./)).toBeVisible();
  await visitorBox.fill('Ainda estão aí? Posso retirar amanhã?');
  await visitorBox.press('Enter');
  await expect(visitorLog.getByRole('listitem').last()).toHaveText(/Ainda estão aí\? Posso retirar amanhã\?.*entregue/);
  await expect(staffLog.getByText('Ainda estão aí? Posso retirar amanhã?')).toHaveCount(0);

  // The attendant's network returns: what the visitor wrote meanwhile is caught up, the list too,
  // and the visitor is told the stand is attended again.
  await staffContext.setOffline(false);
  await expect(staff.getByRole('status').filter({ hasText: OFFLINE })).toBeHidden({ timeout: 5_000 });
  await expect(staffLog.getByText('Ainda estão aí? Posso retirar amanhã?')).toBeVisible({ timeout: 5_000 });
  await expect(row).toContainText('Ainda estão aí? Posso retirar amanhã?');
  await expect(visitor.getByText('Atendente online agora.')).toBeVisible({ timeout: 5_000 });

  // An answer written after the restart reaches the visitor live.
  await staffBox.fill('Pode sim, até as 18h.');
  await staffBox.press('Enter');
  await expect(visitorLog.getByText('Pode sim, até as 18h.')).toBeVisible({ timeout: 5_000 });
  await expect(visitorLog.getByRole('listitem')).toHaveText([
    /Bom dia! Vocês têm amostras do produto novo\?/,
    /Temos sim, posso separar algumas\./,
    /Ainda estão aí\? Posso retirar amanhã\?/,
    /Pode sim, até as 18h\./,
  ]);
  await expect(staffLog.getByRole('listitem')).toHaveText([
    /Bom dia! Vocês têm amostras do produto novo\?/,
    /Temos sim, posso separar algumas\./,
    /Ainda estão aí\? Posso retirar amanhã\?/,
    /Pode sim, até as 18h\./,
  ]);
  // Neither page was loaded again.
  for (const page of [visitor, staff]) expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);
  await visitor.screenshot({ path: testInfo.outputPath('chat-after-restart-390x844.png') });
  await staffContext.close();
  await visitorContext.close();
});
