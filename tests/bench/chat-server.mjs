// The chat's server process for tests/bench/chat.mjs and tests/api/chat/instances.test.ts: the compiled app (cms/dist, as `strapi start` loads
// it, with the environment the bench gives it) listening on PORT. With BENCH_CHAT_SETUP set to a
// file path it first writes the bench's accounts — BENCH_CHAT_STANDS stands with one attendant
// each and BENCH_CHAT_CLIENTS clients, every one with a live session — and their tokens to that
// file as JSON, with the event's id and the first attendant's password. A second instance on the same database starts without it. Prints {"ready":true} once
// listening; stops when its stdin closes. Never part of the product.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installWindowProbe } from './probe.mjs';

// BENCH_ROOT: the tree under test (the bench guard's baseline worktree), else this checkout.
const cmsDir = path.join(
  process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..'),
  'cms',
);
const require = createRequire(path.join(cmsDir, 'package.json'));
const { createStrapi } = require('@strapi/strapi');

const setup = async (app, file) => {
  const { createSession } = require(path.join(cmsDir, 'dist', 'src', 'auth', 'sessions'));
  const standCount = Number(process.env.BENCH_CHAT_STANDS ?? 50);
  const clientCount = Number(process.env.BENCH_CHAT_CLIENTS ?? 1000);
  const event = await app.db.query('api::event.event').create({
    data: { name: 'Bench chat', description: 'Bench', startDate: '2026-11-24', startTime: '08:00:00', status: 'open', published: true },
  });
  const stands = [];
  for (let i = 0; i < standCount; i += 1) {
    const stand = await app.db.query('api::stand.stand').create({
      data: { name: `Estande ${i + 1}`, subtitle: 'Bench', description: 'Bench', type: 'gold', position: i + 1, event: event.id },
    });
    const user = await app.db.query('api::staff-user.staff-user').create({
      data: { name: `Atendente ${i + 1}`, email: `atendente${i + 1}@bench.example`, role: 'attendant', firstAccess: false },
    });
    await app.db.query('api::stand-attendant.stand-attendant').create({ data: { stand: stand.id, user: user.id } });
    const { token } = await createSession(app, { audience: 'staff', accountId: user.id });
    stands.push({ standId: stand.id, token });
  }
  const clients = [];
  for (let i = 0; i < clientCount; i += 1) {
    const client = await app.db
      .query('api::client.client')
      .create({ data: { name: `Visitante ${i + 1}`, email: `visitante${i + 1}@bench.example` } });
    const { token } = await createSession(app, { audience: 'client', accountId: client.id });
    clients.push({ id: client.id, token });
  }
  // The first attendant may also sign in with a password (the reverse-proxy test's login).
  const staff = { email: 'atendente1@bench.example', password: 'Senha#2026teste' };
  const { hashPassword } = require(path.join(cmsDir, 'dist', 'src', 'auth', 'accounts'));
  await app.db
    .query('api::staff-user.staff-user')
    .update({ where: { email: staff.email }, data: { password: await hashPassword(staff.password), phone: '987654321', ddd: '11' } });
  fs.writeFileSync(file, JSON.stringify({ stands, clients, eventId: event.id, staff }));
};

installWindowProbe();
try {
  const app = await createStrapi({ appDir: cmsDir, distDir: path.join(cmsDir, 'dist') }).load();
  if (process.env.BENCH_CHAT_SETUP) await setup(app, process.env.BENCH_CHAT_SETUP);
  await app.listen();
  process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
  const stop = () => app.destroy().finally(() => process.exit(0));
  process.stdin.on('close', stop);
  // The bench stops its processes with SIGTERM: exiting normally writes a --cpu-prof profile.
  process.once('SIGTERM', stop);
  process.stdin.resume();
} catch (error) {
  console.error(error?.stack ?? error);
  process.exit(1);
}
