// The floor of `npm run bench:chat`: a bare socket.io server with the chat's events and nothing
// else — no token check, no database, no rules. chat_open joins the room of its payload, a message
// is acknowledged and broadcast to that room. Listens on PORT; exits when stdin closes.
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { installWindowProbe } from './probe.mjs';

// BENCH_ROOT: the tree under test (the bench guard's baseline worktree), else this checkout.
const cmsDir = path.join(
  process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..'),
  'cms',
);
const { Server } = createRequire(path.join(cmsDir, 'package.json'))('socket.io');

installWindowProbe();
const server = http.createServer();
const io = new Server(server, { serveClient: false, maxHttpBufferSize: 16 * 1024 });
let nextId = 1;
io.on('connection', (socket) => {
  let room = null;
  socket.on('chat_open', (payload, ack) => {
    if (room) socket.leave(room);
    room = `chat:${payload.standId}:${payload.clientId}`;
    socket.join(room);
    if (typeof ack === 'function') ack({ ok: true, chatId: null, messages: [], online: true });
  });
  const send = (senderType) => (payload, ack) => {
    const message = {
      id: nextId++,
      chatId: 1,
      text: String(payload.text).trim(),
      senderType,
      createdAt: new Date().toISOString(),
      clientMessageId: payload.clientMessageId ?? null,
    };
    if (typeof ack === 'function') ack({ ok: true, message, duplicate: false });
    if (room) io.to(room).emit('chat_message', message);
  };
  socket.on('chat_client_message', send('client'));
  socket.on('chat_stand_message', send('stand'));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ ready: true })}\n`));
process.stdin.on('close', () => process.exit(0));
process.stdin.resume();
