import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standReportSchema, type StandReport } from '@plataforma/adapter';
import { createStaff } from '../helpers/accounts';
import { createEvent, insert } from '../helpers/event-fixtures';
import { sessionToken, startServer, type TestServer } from '../helpers/strapi';

// Issue 15, the exhibitor report (decision 049): a small data set written by hand, every figure
// counted by hand below. The event is in São Paulo (UTC-3): the range 10/05–11/05/2026 is
// [2026-05-10T03:00Z, 2026-05-12T03:00Z).
interface Workbook {
  xlsx: { load(data: Buffer): Promise<unknown> };
  worksheets: Array<{ name: string; getSheetValues(): unknown[][] }>;
}
const ExcelJS = createRequire(__filename)('exceljs') as { Workbook: new () => Workbook };
const { PDFDocument } = createRequire(__filename)('pdf-lib') as typeof import('pdf-lib');

let server: TestServer;
let tokens: Record<'admin' | 'mine' | 'other', string>;
const ids: Record<string, number> = {};
const RANGE = 'from=2026-05-10&to=2026-05-11';

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  server = await startServer('dashboards-stand-report', { seed: false });
  const s = server.strapi;
  const event = await createEvent(s, { name: 'Congresso Paulista', published: true, timezone: 'America/Sao_Paulo' });
  const otherEvent = await createEvent(s, { name: 'Outro Congresso', published: true });
  ids.event = event;
  const stand = (name: string, type: string, ev = event) => insert(s, 'api::stand.stand', { name, subtitle: 's', type, event: ev });
  ids.a = await stand('Vitalis Saúde', 'master');
  ids.b = await stand('Beta', 'master');
  ids.c = await stand('Gama', 'master');
  ids.d = await stand('Delta', 'bronze');
  ids.x = await stand('Fora', 'master', otherEvent);
  ids.m1 = await insert(s, 'api::media.media', { title: 'Vídeo institucional', type: 'VIDEO', stand: ids.a });
  ids.m2 = await insert(s, 'api::media.media', { title: 'Foto do estande', type: 'IMAGE', stand: ids.a });
  ids.d1 = await insert(s, 'api::media.media', { title: 'Bula', type: 'DOCUMENT', stand: ids.a });
  ids.p1 = await insert(s, 'api::product.product', { title: 'Monitor cardíaco', stand: ids.a });

  const client = (name: string, email: string, extra: Record<string, unknown> = {}) =>
    insert(s, 'api::client.client', { name, email, ddd: '21', phone: '988887777', ...extra });
  ids.c1 = await client('Ana Cliente', 'ana@exemplo.com.br');
  ids.c2 = await client('Bruno Chat', 'bruno@exemplo.com.br');
  ids.c3 = await client('Carla Sigilo', 'carla@exemplo.com.br');
  ids.c4 = await client('Dora Rede', 'dora@exemplo.com.br', { listedInNetwork: true, networkShowEmail: false, events: [event] });
  ids.c5 = await client('Eva Listada', 'eva@exemplo.com.br', { listedInNetwork: true, networkShowEmail: true });
  ids.c7 = await client('Gil Oculto', 'gil@exemplo.com.br');
  ids.c8 = await client('Hugo Calado', 'hugo@exemplo.com.br');

  const view = (standId: number, iso: string, clientId?: number) =>
    insert(s, 'api::page-view.page-view', { path: `/estande/${standId}`, event, stand: standId, client: clientId, createdAt: at(iso) });
  // Stand A: 4 views in the range (c1 twice, an anonymous one, c2 at 23:59 local of the 11th), 2 outside.
  await view(ids.a, '2026-05-10T12:00:00Z', ids.c1);
  await view(ids.a, '2026-05-10T13:00:00Z', ids.c1);
  await view(ids.a, '2026-05-11T10:00:00Z');
  await view(ids.a, '2026-05-12T02:59:00Z', ids.c2);
  await view(ids.a, '2026-05-12T03:00:00Z', ids.c3);
  await view(ids.a, '2026-05-10T02:59:00Z', ids.c3);
  // B: 2 anonymous views; C none; D (another tier) and X (another event) are not averaged.
  await view(ids.b, '2026-05-10T15:00:00Z');
  await view(ids.b, '2026-05-11T15:00:00Z');
  await view(ids.d, '2026-05-11T15:00:00Z', ids.c1);
  await view(ids.x, '2026-05-11T15:00:00Z', ids.c1);

  const click = (standId: number, kind: string, iso: string, more: Record<string, unknown> = {}) =>
    insert(s, 'api::stand-event.stand-event', { kind, stand: standId, event, createdAt: at(iso), ...more });
  await click(ids.a, 'media_opened', '2026-05-10T12:05:00Z', { media: ids.m1, client: ids.c1 });
  await click(ids.a, 'media_opened', '2026-05-10T12:06:00Z', { media: ids.m1 });
  await click(ids.a, 'media_opened', '2026-05-11T09:00:00Z', { media: ids.m2, client: ids.c4 });
  await click(ids.a, 'document_opened', '2026-05-11T08:00:00Z', { media: ids.d1, client: ids.c7 });
  await click(ids.a, 'product_cta_clicked', '2026-05-10T12:10:00Z', { product: ids.p1, client: ids.c1 });
  await click(ids.a, 'product_cta_clicked', '2026-05-10T16:00:00Z', { product: ids.p1, client: ids.c5 });
  await click(ids.a, 'website_clicked', '2026-05-10T16:30:00Z');
  await click(ids.a, 'social_clicked', '2026-05-10T17:00:00Z', { target: 'instagram' });
  await click(ids.a, 'social_clicked', '2026-05-11T09:30:00Z', { target: 'instagram', client: ids.c4 });
  await click(ids.a, 'social_clicked', '2026-05-11T11:30:00Z', { target: 'facebook' });
  await click(ids.a, 'media_opened', '2026-05-12T04:00:00Z', { media: ids.m1, client: ids.c3 }); // the 12th: outside
  await click(ids.a, 'contact_sent', '2026-05-10T15:00:00Z', { client: ids.c1 }); // not a click
  await click(ids.b, 'media_opened', '2026-05-10T18:00:00Z');

  // Contacts: c1 asks stand A (with the data they sent); c3 asks B.
  await insert(s, 'api::contact.contact', {
    subject: 'stand',
    name: 'Ana Contato',
    email: 'ana.contato@exemplo.com.br',
    phone: '21999990001',
    message: 'Quero uma proposta',
    stand: ids.a,
    client: ids.c1,
    verified: true,
    createdAt: at('2026-05-10T15:00:00Z'),
  });
  await insert(s, 'api::contact.contact', {
    subject: 'stand',
    name: 'Carla Sigilo',
    email: 'carla@exemplo.com.br',
    message: 'Olá',
    stand: ids.b,
    client: ids.c3,
    createdAt: at('2026-05-10T15:00:00Z'),
  });

  const chat = async (standId: number, clientId: number, leadConsent: boolean, messages: Array<[string, 'client' | 'stand', string?]>) => {
    const id = await insert(s, 'api::chat.chat', { key: `${standId}:${clientId}`, stand: standId, client: clientId, leadConsent });
    for (const [iso, senderType, text = 'oi'] of messages)
      await insert(s, 'api::chat-message.chat-message', { chat: id, text, senderType, createdAt: at(iso) });
  };
  // Stand A: 5 chats started in the range, 3 answered after 120 s, 600 s, 300 s: median 300 s.
  await chat(ids.a, ids.c2, true, [
    ['2026-05-10T14:00:00Z', 'client', 'Vocês têm o catálogo de 2027?'],
    ['2026-05-10T14:02:00Z', 'stand', 'Temos sim.'],
    ['2026-05-10T14:05:00Z', 'client', '=Pode mandar por e-mail?\nObrigado; até logo'],
  ]);
  await chat(ids.a, ids.c3, false, [
    ['2026-05-11T10:00:00Z', 'client'],
    ['2026-05-11T10:10:00Z', 'stand'],
  ]);
  await chat(ids.a, ids.c1, false, [['2026-05-11T20:00:00Z', 'client', 'Ainda aguardo a proposta']]);
  // c8 wrote, nobody answered: a lead the stand does not know.
  await chat(ids.a, ids.c8, false, [['2026-05-11T21:00:00Z', 'client']]);
  await chat(ids.a, ids.c7, false, [
    ['2026-05-11T11:00:00Z', 'client'],
    ['2026-05-11T11:05:00Z', 'stand'],
  ]);
  // Started before the range (the 9th): neither started nor answered in it; c5 wrote nothing in the range.
  await chat(ids.a, ids.c5, false, [
    ['2026-05-09T12:00:00Z', 'client', 'Escrito antes do período'],
    ['2026-05-09T12:00:30Z', 'stand'],
  ]);
  // Stand B: 2 chats, answered after 60 s and 180 s: median 120 s.
  await chat(ids.b, ids.c4, false, [
    ['2026-05-10T12:00:00Z', 'client'],
    ['2026-05-10T12:01:00Z', 'stand'],
  ]);
  await chat(ids.b, ids.c5, false, [
    ['2026-05-10T12:00:00Z', 'client'],
    ['2026-05-10T12:03:00Z', 'stand'],
  ]);

  const admin = await createStaff(s, { role: 'admin' });
  const mine = await createStaff(s, { role: 'attendant' });
  const other = await createStaff(s, { role: 'attendant' });
  await insert(s, 'api::stand-attendant.stand-attendant', { stand: ids.a, user: mine.id });
  await insert(s, 'api::stand-attendant.stand-attendant', { stand: ids.b, user: other.id });
  tokens = {
    admin: await sessionToken(server, 'staff', admin.id),
    mine: await sessionToken(server, 'staff', mine.id),
    other: await sessionToken(server, 'staff', other.id),
  };
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const get = (url: string, token: string = tokens.admin) =>
  server.request().get(`/api/cms/v1${url}`).set('Authorization', `Bearer ${token}`);
const download = (url: string, token: string = tokens.admin) =>
  get(url, token)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

const reportOf = async (query = RANGE, standId = ids.a): Promise<StandReport> => {
  const res = await get(`/dashboards/stands/${standId}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return standReportSchema.parse(res.body.data);
};

/**
 * What no lead agreed to show: the e-mails of those who did not agree, and anything of c8, who
 * wrote in a chat nobody answered (decision 103: an answered chat shows the name only).
 */
const SECRET = ['carla@', 'gil@', 'eva@', 'dora@', 'Hugo', 'hugo@'];

describe('GET /dashboards/stands/:id', () => {
  it('counts every figure of the range, beside the average of the other stands of its tier', async () => {
    const report = await reportOf();
    expect(report.stand).toEqual({ id: ids.a, name: 'Vitalis Saúde', type: 'master' });
    expect(report.event).toEqual({ id: ids.event, name: 'Congresso Paulista', timezone: 'America/Sao_Paulo' });
    expect(report.range).toEqual({ from: '2026-05-10', to: '2026-05-11' });
    // A, B and C are the event's MASTER stands (D is BRONZE, X of another event).
    expect(report.tierStands).toBe(3);
    // The averages are of B and C, A left out (decision 103).
    expect(report.figures).toEqual({
      visits: { value: 4, tierAverage: 1 }, // (2 + 0) / 2
      uniqueVisitors: { value: 2, tierAverage: 0 }, // c1, c2; B's views are anonymous
      mediaOpened: { value: 3, tierAverage: 0.5 }, // (1 + 0) / 2
      documentsOpened: { value: 1, tierAverage: 0 },
      productClicks: { value: 2, tierAverage: 0 },
      websiteClicks: { value: 1, tierAverage: 0 },
      socialClicks: { value: 3, tierAverage: 0 },
      contacts: { value: 1, tierAverage: 0.5 }, // (1 + 0) / 2
      chatsStarted: { value: 5, tierAverage: 1 }, // (2 + 0) / 2
      chatsAnswered: { value: 3, tierAverage: 1 }, // (2 + 0) / 2
      medianFirstResponseSeconds: { value: 300, tierAverage: 120 }, // median(120, 600, 300); B's 120, C has none
      // A: c1, c2, c3, c4, c5, c7, c8; B: c3 (contact), c4, c5 (chats); C: none. (3 + 0) / 2
      leads: { value: 7, tierAverage: 1.5 },
    });
    expect(report.media).toEqual([
      { mediaId: ids.m1, title: 'Vídeo institucional', count: 2 },
      { mediaId: ids.m2, title: 'Foto do estande', count: 1 },
    ]);
    expect(report.documents).toEqual([{ mediaId: ids.d1, title: 'Bula', count: 1 }]);
    expect(report.products).toEqual([{ productId: ids.p1, title: 'Monitor cardíaco', count: 2 }]);
    expect(report.social).toEqual([
      { network: 'instagram', count: 2 },
      { network: 'facebook', count: 1 },
    ]);
  });

  it('lists the leads who agreed with the data they agreed to, and only counts the others', async () => {
    const { leads } = await reportOf();
    // Sources: contact c1; chat c1, c2, c3, c7, c8; click c1, c4, c5, c7.
    expect({ ...leads, rows: undefined }).toEqual({
      total: 7,
      identified: 6,
      anonymous: 1,
      bySource: { contact: 1, chat: 5, click: 4 },
      rows: undefined,
    });
    expect(leads.rows).toEqual([
      // A contact request: the data sent with it.
      {
        name: 'Ana Contato',
        email: 'ana.contato@exemplo.com.br',
        phone: '21999990001',
        consent: 'contact',
        contacts: 1,
        chatMessages: 1,
        clicks: 2,
        lastAt: '2026-05-11T20:00:00.000Z',
        // The chat's message of the 11th came after the contact request of the 10th (decision 105).
        lastMessage: 'Ainda aguardo a proposta',
      },
      // Answered in the chat, no consent ticked (decision 103): the name the chat showed, nothing else.
      // Carla and Gil wrote in the range; Eva's chat was answered on the 9th, and she clicked on the 10th.
      {
        name: 'Gil Oculto',
        email: null,
        phone: null,
        consent: 'conversation',
        contacts: 0,
        chatMessages: 1,
        clicks: 1,
        lastAt: '2026-05-11T11:00:00.000Z',
        lastMessage: 'oi',
      },
      {
        name: 'Carla Sigilo',
        email: null,
        phone: null,
        consent: 'conversation',
        contacts: 0,
        chatMessages: 1,
        clicks: 0,
        lastAt: '2026-05-11T10:00:00.000Z',
        lastMessage: 'oi',
      },
      // Listed in the network room of this event, e-mail hidden there: the name only.
      {
        name: 'Dora Rede',
        email: null,
        phone: null,
        consent: 'network',
        contacts: 0,
        chatMessages: 0,
        clicks: 2,
        lastAt: '2026-05-11T09:30:00.000Z',
        lastMessage: null, // clicks only
      },
      {
        name: 'Eva Listada',
        email: null,
        phone: null,
        consent: 'conversation',
        contacts: 0,
        chatMessages: 0,
        clicks: 1,
        lastAt: '2026-05-10T16:00:00.000Z',
        lastMessage: null, // what she wrote was on the 9th, before the range
      },
      // 'Autorizo o estande a me responder pelo e-mail': name and e-mail, no phone.
      {
        name: 'Bruno Chat',
        email: 'bruno@exemplo.com.br',
        phone: null,
        consent: 'chat',
        contacts: 0,
        chatMessages: 2,
        clicks: 0,
        lastAt: '2026-05-10T14:05:00.000Z',
        lastMessage: '=Pode mandar por e-mail?\nObrigado; até logo',
      },
    ]);
    // c8 (wrote, never answered): counted, nothing of them shown; no e-mail of those who did not agree.
    const text = JSON.stringify(leads);
    for (const secret of [...SECRET, '988887777']) expect(text).not.toContain(secret);
  });

  it('takes every day without a range, and a one-day range by the event’s zone', async () => {
    const all = await reportOf('');
    expect(all.range).toEqual({ from: null, to: null });
    expect(all.figures.visits.value).toBe(6);
    expect(all.figures.chatsStarted.value).toBe(6);
    expect(all.figures.chatsAnswered.value).toBe(4);
    expect(all.figures.medianFirstResponseSeconds.value).toBe(210); // 30, 120, 300, 600: (120 + 300) / 2
    const day = await reportOf('from=2026-05-12&to=2026-05-12');
    expect(day.figures.visits.value).toBe(1); // 03:00Z of the 12th is its midnight in São Paulo
    expect(day.figures.mediaOpened.value).toBe(1);
    // c3's click of the 12th: c3 had an answered chat with the stand, so known by name (decision 103).
    expect(day.leads).toMatchObject({
      total: 1,
      identified: 1,
      anonymous: 0,
      rows: [{ name: 'Carla Sigilo', consent: 'conversation', lastMessage: null }],
    });
    // The 10th alone: Ana's contact request is the last thing she wrote in it (her chat came on the 11th).
    const tenth = await reportOf('from=2026-05-10&to=2026-05-10');
    expect(tenth.leads.rows.find((row) => row.name === 'Ana Contato')).toMatchObject({
      contacts: 1,
      chatMessages: 0,
      lastMessage: 'Quero uma proposta',
    });
  });

  it('compares a tier’s only stand with nothing (no average of itself)', async () => {
    const report = await reportOf(RANGE, ids.d); // D is the event's only BRONZE stand
    expect(report.tierStands).toBe(1);
    expect(report.figures.visits).toEqual({ value: 1, tierAverage: null });
    for (const key of Object.keys(report.figures) as Array<keyof StandReport['figures']>)
      expect(report.figures[key].tierAverage, key).toBeNull();
  });

  it('refuses a bad range (400), a missing stand (404)', async () => {
    expect((await get(`/dashboards/stands/${ids.a}?from=2026-05-12&to=2026-05-10`)).status).toBe(400);
    expect((await get(`/dashboards/stands/${ids.a}?from=10/05/2026`)).body.msg).toBe('api.error.invalidQuery');
    const missing = await get('/dashboards/stands/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('api.error.standNotFound');
  });

  it('answers an attendant only for the stands assigned to them (403 otherwise); admins any', async () => {
    expect((await get(`/dashboards/stands/${ids.a}?${RANGE}`, tokens.mine)).status).toBe(200);
    const refused = await get(`/dashboards/stands/${ids.a}?${RANGE}`, tokens.other);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('api.error.forbidden');
    expect((await get(`/dashboards/stands/${ids.b}?${RANGE}`, tokens.mine)).status).toBe(403);
    expect((await get(`/dashboards/stands/${ids.a}/export?format=pdf`, tokens.other)).status).toBe(403);
    expect((await get(`/dashboards/stands/${ids.b}?${RANGE}`, tokens.admin)).status).toBe(200);
    expect((await server.request().get(`/api/cms/v1/dashboards/stands/${ids.a}`)).status).toBe(401);
  });
});

describe('GET /dashboards/stands/:id/export', () => {
  it('writes the summary and the leads as CSV', async () => {
    const res = await download(`/dashboards/stands/${ids.a}/export?format=csv&${RANGE}`, tokens.mine);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="relatorio-estande-vitalis-saude-2026-05-10-a-2026-05-11.csv"');
    const text = (res.body as Buffer).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.slice(0, 3)).toEqual(['Evento;Congresso Paulista', 'Estande;Vitalis Saúde', 'Período;10/05/2026 a 11/05/2026']);
    expect(lines).toContain('Indicador;Este estande;Média dos outros do nível');
    expect(lines).toContain('Visitas;4;1');
    expect(lines).toContain('Visitantes únicos (identificados);2;0');
    expect(lines).toContain('Mediana da primeira resposta (s);300;120');
    expect(lines).toContain('Leads anônimos (sem identificação);1;');
    expect(lines).toContain('Mídia: Vídeo institucional;2;');
    expect(lines).toContain('Rede social: instagram;2;');
    const header = lines.indexOf('Nome;E-mail;Telefone;Autorização;Contatos;Mensagens no chat;Cliques;Última interação;Última mensagem');
    expect(lines.slice(header + 1, header + 5)).toEqual([
      'Ana Contato;ana.contato@exemplo.com.br;21999990001;Pediu contato;1;1;2;11-05-2026 17:00;Ainda aguardo a proposta',
      'Gil Oculto;;;Conversou no chat (só o nome);0;1;1;11-05-2026 08:00;oi',
      'Carla Sigilo;;;Conversou no chat (só o nome);0;1;0;11-05-2026 07:00;oi',
      'Dora Rede;;;Sala de networking;0;0;2;11-05-2026 06:30;',
    ]);
    // A visitor's text: quoted (its line break and ';' kept in the cell) and never a formula.
    expect(lines).toContain(
      `Bruno Chat;bruno@exemplo.com.br;;Autorizou no chat;0;2;0;10-05-2026 11:05;"'=Pode mandar por e-mail?\nObrigado; até logo"`,
    );
    for (const secret of SECRET) expect(text).not.toContain(secret);
  });

  it('writes a workbook with a summary sheet and a leads sheet', async () => {
    const res = await download(`/dashboards/stands/${ids.a}/export?format=xlsx&${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="relatorio-estande-vitalis-saude-2026-05-10-a-2026-05-11\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as Buffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Resumo', 'Leads']);
    const rows = (index: number) =>
      book.worksheets[index]
        .getSheetValues()
        .filter(Boolean)
        .map((row) => row.slice(1));
    const summary = rows(0);
    expect(summary).toContainEqual(['Visitas', 4, 1]);
    expect(summary).toContainEqual(['Chats respondidos', 3, 1]);
    expect(summary).toContainEqual(['Leads', 7, 1.5]);
    expect(rows(1).slice(0, 4)).toEqual(
      [
        ['Nome', 'E-mail', 'Telefone', 'Autorização', 'Contatos', 'Mensagens no chat', 'Cliques', 'Última interação', 'Última mensagem'],
        [
          'Ana Contato',
          'ana.contato@exemplo.com.br',
          '21999990001',
          'Pediu contato',
          1,
          1,
          2,
          '11-05-2026 17:00',
          'Ainda aguardo a proposta',
        ],
        ['Gil Oculto', undefined, undefined, 'Conversou no chat (só o nome)', 0, 1, 1, '11-05-2026 08:00', 'oi'],
        ['Carla Sigilo', undefined, undefined, 'Conversou no chat (só o nome)', 0, 1, 0, '11-05-2026 07:00', 'oi'],
      ].map((row) => row.map((cell) => (cell === undefined ? '' : cell))),
    );
    expect(JSON.stringify(summary) + JSON.stringify(rows(1))).not.toMatch(/Hugo|carla@|gil@|eva@/);
  });

  it('writes an A4 PDF with the names, the period, the figures and the leads', async () => {
    const res = await download(`/dashboards/stands/${ids.a}/export?format=pdf&${RANGE}`, tokens.mine);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/filename="relatorio-estande-vitalis-saude-2026-05-10-a-2026-05-11\.pdf"/);
    const body = res.body as Buffer;
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(body);
    expect(pdf.getTitle()).toBe('Relatório do estande Vitalis Saúde');
    const [width, height] = [pdf.getPage(0).getWidth(), pdf.getPage(0).getHeight()];
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    // The pages' text, read back: Helvetica's strings are written as WinAnsi hex.
    const shown = pdfText(body);
    for (const line of [
      'Congresso Paulista',
      'Relatório do estande Vitalis Saúde',
      'Período: 10/05/2026 a 11/05/2026',
      'Visitas',
      'Ana Contato',
      'ana.contato@exemplo.com.br',
      'Bruno Chat',
      'Última mensagem (de 2): Ainda aguardo a proposta',
      'Última mensagem (de 2): =Pode mandar por e-mail? Obrigado; até logo',
      'Página 1 de 1',
    ])
      expect(shown).toContain(line);
    expect(shown).toMatch(/Gerado em \d{2}-\d{2}-\d{4} \d{2}:\d{2} \(America\/Sao_Paulo\)/);
    for (const secret of SECRET) expect(shown).not.toContain(secret);
  });

  it('refuses an unknown format (400)', async () => {
    expect((await get(`/dashboards/stands/${ids.a}/export?format=doc`)).status).toBe(400);
    expect((await get(`/dashboards/stands/${ids.a}/export`)).status).toBe(400);
  });
});

/** Every string drawn on the PDF's pages (content streams inflated, hex strings decoded as WinAnsi ≈ latin1). */
const pdfText = (pdf: Buffer): string => {
  const source = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of source.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    const data = Buffer.from(match[1], 'latin1');
    let content: string;
    try {
      content = zlib.inflateSync(data).toString('latin1');
    } catch {
      content = match[1];
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) texts.push(Buffer.from(hex[1], 'hex').toString('latin1'));
    for (const plain of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) texts.push(plain[1]);
  }
  return texts.join('\n');
};
