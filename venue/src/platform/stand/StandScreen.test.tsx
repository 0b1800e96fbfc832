import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type Media, type Stand } from '@plataforma/adapter';
import { CHAT_EVENTS } from '@plataforma/adapter/chat-constants';
import { api } from '../../shared/api';
import { fakeChatSockets } from '../../shared/chat/test-socket';
import '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { eventFixture } from '../../testing/wire';
import { pageViewAnswer, renderAt, signInVisitor } from '../../testing/render';

const stand = (type: Stand['type'], overrides: Partial<Stand> = {}): Stand => ({
  id: 3,
  eventId: 1,
  name: 'Aurora Diagnósticos',
  subtitle: 'Imagem',
  description: 'Descrição',
  type,
  position: 3,
  color: '#6a1b9a',
  facebook: 'https://facebook.com/aurora',
  instagram: null,
  youtube: null,
  symposium: 'https://simposio.exemplo.com.br',
  negotiation: 'https://meet.exemplo.com.br/aurora',
  website: 'https://aurora.exemplo.com.br',
  image: '/uploads/aurora.svg',
  ...overrides,
});

const media = (id: number, type: Media['type']): Media => ({
  id,
  standId: 3,
  title: `${type} ${id}`,
  description: `Sobre ${id}`,
  type,
  file: { id, url: `/uploads/${id}.${type === 'DOCUMENT' ? 'pdf' : 'mp4'}`, name: '', mime: '', size: 1, width: null, height: null },
});

const renderStand = (value: Stand) => {
  vi.spyOn(api.site.stands, 'get').mockResolvedValue(value);
  renderAt('/plataforma/1/estande/3-aurora');
};

beforeEach(() => {
  vi.spyOn(api.site.pageViews, 'create').mockResolvedValue(pageViewAnswer);
  vi.spyOn(api.site.events, 'get').mockResolvedValue(eventFixture());
  vi.spyOn(api.site.medias, 'list').mockResolvedValue({
    rows: [media(1, 'VIDEO'), media(2, 'VIDEO'), media(3, 'VIDEO'), media(4, 'DOCUMENT'), media(5, 'DOCUMENT'), media(6, 'DOCUMENT')],
    count: 6,
  });
  vi.spyOn(api.site.products, 'list').mockResolvedValue({ rows: [], count: 0 });
  signInVisitor('tk');
});
afterEach(() => {
  vi.restoreAllMocks();
  useAppState.getState().signOut();
});

describe('stand screen tiers (SPEC §2.4)', () => {
  it('MASTER: symposium and negotiation links, every video and document', async () => {
    renderStand(stand('master'));
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Aurora Diagnósticos' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Simpósio' })).toHaveAttribute('target', '_blank');
    expect(within(main).getByRole('link', { name: 'Sala de negociação' })).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Vídeos' })).getAllByRole('listitem')).toHaveLength(3);
    expect(within(screen.getByRole('list', { name: 'Documentos' })).getAllByRole('listitem')).toHaveLength(3);
    expect(within(main).getByRole('link', { name: 'Site de Aurora Diagnósticos (abre em nova janela)' })).toHaveAttribute(
      'href',
      'https://aurora.exemplo.com.br',
    );
  });

  it('BRONZE: no negotiation, no symposium, 2 videos and 2 documents; networks not given are not shown', async () => {
    renderStand(stand('bronze'));
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Aurora Diagnósticos' });
    expect(within(main).queryByRole('link', { name: 'Simpósio' })).toBeNull();
    expect(within(main).queryByRole('link', { name: 'Sala de negociação' })).toBeNull();
    expect(within(await screen.findByRole('list', { name: 'Vídeos' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getByRole('list', { name: 'Documentos' })).getAllByRole('listitem')).toHaveLength(2);
    // Issue 56, item 13: greyed 'Instagram' and 'YouTube' pills led nowhere.
    expect(within(within(main).getByRole('list', { name: 'Redes sociais do estande' })).getAllByRole('listitem')).toHaveLength(1);
    expect(within(main).queryByText('Instagram')).toBeNull();
    expect(within(main).queryByText('YouTube')).toBeNull();
    expect(within(main).getByRole('link', { name: /^Facebook de Aurora/ })).toHaveAttribute('href', 'https://facebook.com/aurora');
  });

  it('a stand with no network given has no networks list', async () => {
    renderStand(stand('silver', { facebook: null }));
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Aurora Diagnósticos' });
    expect(within(main).queryByRole('list', { name: 'Redes sociais do estande' })).toBeNull();
  });

  it('SILVER: negotiation but no symposium', async () => {
    renderStand(stand('silver'));
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: 'Sala de negociação' })).toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: 'Simpósio' })).toBeNull();
  });
});

describe('stand media', () => {
  it('draws an image’s and a video’s icon, not a font glyph (issue 56, item 13)', async () => {
    vi.mocked(api.site.medias.list).mockResolvedValue({ rows: [media(1, 'VIDEO'), media(7, 'IMAGE')], count: 2 });
    renderStand(stand('master'));
    const image = await screen.findByRole('button', { name: 'IMAGE 7' });
    expect(image.querySelector('svg[data-icon="image"]')).not.toBeNull();
    expect(image.textContent).toBe('IMAGE 7');
    expect(screen.getByRole('button', { name: 'VIDEO 1' }).querySelector('svg[data-icon="video"]')).not.toBeNull();
  });

  it('plays a video in the modal player (600×338) without download, picture-in-picture or context menu', async () => {
    renderStand(stand('master'));
    await userEvent.click(await screen.findByRole('button', { name: 'VIDEO 1' }));
    const dialog = screen.getByRole('dialog', { name: 'VIDEO 1' });
    const video = await within(dialog).findByLabelText(/VIDEO 1/);
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/uploads/1.mp4');
    expect(video).toHaveAttribute('controlslist', expect.stringMatching(/nodownload/));
    expect(video).toHaveAttribute('disablepictureinpicture');
    expect(video).toHaveAttribute('width', '600');
    expect(video).toHaveAttribute('height', '338');
    expect(video.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }))).toBe(false);
    expect(within(dialog).getByText('Sobre 1')).toBeInTheDocument();
  });
});

describe('stand events (decision 047)', () => {
  it('records at the click which media or document was opened, the website, a social network and a product’s call to action', async () => {
    const record = vi
      .spyOn(api.site.standEvents, 'create')
      .mockResolvedValue({ standId: 3, kind: 'website_clicked', acceptedAt: '2026-11-27T10:00:00.000Z' });
    vi.spyOn(api.site.products, 'list').mockResolvedValue({
      rows: [
        {
          id: 9,
          standId: 3,
          title: 'Monitor',
          description: 'Multiparamétrico',
          image: null,
          price: '100.00',
          discount: '0.00',
          discountValue: '100.00',
          hasDiscount: false,
          installments: 1,
          ctaLabel: 'Quero conhecer',
          ctaLink: 'https://aurora.exemplo.com.br/monitor',
        },
      ],
      count: 1,
    });
    // The links open in a new window: the click is recorded, jsdom is kept from navigating.
    const stay = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', stay);
    try {
      renderStand(stand('master'));
      const main = await screen.findByRole('main');
      await userEvent.click(await within(main).findByRole('button', { name: 'VIDEO 2' }));
      await userEvent.click(screen.getByRole('button', { name: /fechar/i }));
      await userEvent.click(within(main).getByRole('link', { name: /DOCUMENT 5/ }));
      await userEvent.click(within(main).getByRole('link', { name: 'Site de Aurora Diagnósticos (abre em nova janela)' }));
      await userEvent.click(within(main).getByRole('link', { name: /^Facebook de Aurora/ }));
      await userEvent.click(await within(main).findByRole('link', { name: 'Quero conhecer' }));
    } finally {
      document.removeEventListener('click', stay);
    }
    expect(record.mock.calls.map(([input]) => input)).toEqual([
      { kind: 'media_opened', standId: 3, mediaId: 2 },
      { kind: 'document_opened', standId: 3, mediaId: 5 },
      { kind: 'website_clicked', standId: 3 },
      { kind: 'social_clicked', standId: 3, target: 'facebook' },
      { kind: 'product_cta_clicked', standId: 3, productId: 9 },
    ]);
  });

  it('a failing record never stops the click', async () => {
    vi.spyOn(api.site.standEvents, 'create').mockRejectedValue(new ApiError(0, 'api.error.network'));
    renderStand(stand('master'));
    await userEvent.click(await screen.findByRole('button', { name: 'VIDEO 1' }));
    expect(screen.getByRole('dialog', { name: 'VIDEO 1' })).toBeInTheDocument();
  });
});

describe('stand contact form', () => {
  it('sends the message for the stand and shows the success toast', async () => {
    const send = vi.spyOn(api.site.contacts, 'stand').mockResolvedValue({ data: { id: 1 }, msg: 'contact.sent', status: 201 });
    renderStand(stand('master'));
    await userEvent.click(await screen.findByRole('button', { name: 'Fale com o expositor' }));
    const dialog = screen.getByRole('dialog', { name: 'Fale com Aurora Diagnósticos' });
    expect(within(dialog).getByText('Você está enviando como Ana Souza (ana@exemplo.com.br).')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Mensagem'), '  Quero uma demonstração  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(send).toHaveBeenCalledWith({ standId: 3, message: 'Quero uma demonstração' });
    await waitFor(() =>
      expect(useAppState.getState().toast).toMatchObject({ show: true, type: 'success', message: 'Seu contato foi enviado com sucesso!' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the message and shows the failure toast when the server refuses', async () => {
    vi.spyOn(api.site.contacts, 'stand').mockRejectedValue(new ApiError(429, 'api.error.tooManyRequests'));
    renderStand(stand('bronze'));
    await userEvent.click(await screen.findByRole('button', { name: 'Fale com o expositor' }));
    const dialog = screen.getByRole('dialog', { name: 'Fale com Aurora Diagnósticos' });
    await userEvent.type(within(dialog).getByLabelText('Mensagem'), 'Olá');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(useAppState.getState().toast).toMatchObject({
        show: true,
        type: 'error',
        message: 'Ocorreu um erro. Tente novamente mais tarde.',
      }),
    );
    expect(within(dialog).getByLabelText('Mensagem')).toHaveValue('Olá');
  });
});

describe('stand chat widget (SPEC §2.4: only for a signed-in client, once the stand has loaded)', () => {
  it('is not there while the stand loads, nor when it fails to load', async () => {
    const sockets = fakeChatSockets();
    vi.spyOn(api.site.stands, 'get').mockRejectedValue(new ApiError(404, 'api.error.standNotFound'));
    renderAt('/plataforma/1/estande/3-aurora');
    expect(screen.queryByRole('button', { name: 'Conversar com o estande' })).toBeNull();
    expect(await screen.findByText('Estande não encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Conversar com o estande' })).toBeNull();
    expect(sockets).toHaveLength(0);
  });

  it("opens the conversation on the client's token; with nobody online it offers the lead and its e-mail consent", async () => {
    const sockets = fakeChatSockets();
    renderStand(stand('silver'));
    const toggle = await screen.findByRole('button', { name: 'Conversar com o estande' });
    // Nothing connects until the visitor opens the chat.
    expect(sockets).toHaveLength(0);
    await userEvent.click(toggle);
    const chat = screen.getByRole('region', { name: 'Conversa com Aurora Diagnósticos' });
    // Opening moves focus to the text box (the toggle it was on is gone).
    expect(within(chat).getByRole('textbox', { name: 'Mensagem' })).toHaveFocus();
    const socket = sockets[0];
    expect(socket.token).toBe('tk');
    act(() => socket.up());
    expect(socket.last(CHAT_EVENTS.open)?.payload).toEqual({ standId: 3, fetchMessages: true });
    act(() => socket.answer(CHAT_EVENTS.open, { ok: true, chatId: null, standId: 3, clientId: 7, messages: [], online: false }));
    expect(within(chat).getByText(/^Nenhum atendente online agora\./)).toBeInTheDocument();
    expect(within(chat).getByRole('log', { name: 'Conversa com Aurora Diagnósticos' })).toHaveTextContent('Nenhuma mensagem ainda.');
    await userEvent.click(
      within(chat).getByRole('checkbox', { name: 'Autorizo o estande a me responder pelo e-mail ana@exemplo.com.br.' }),
    );
    await userEvent.type(within(chat).getByRole('textbox', { name: 'Mensagem' }), 'Quero um orçamento.{Enter}');
    expect(socket.last(CHAT_EVENTS.clientMessage)?.payload).toMatchObject({ text: 'Quero um orçamento.', leadConsent: true });
    expect(within(chat).getByText('Quero um orçamento.')).toBeInTheDocument();

    // An attendant comes online: the widget says so, and the consent box goes.
    act(() => socket.serve(CHAT_EVENTS.presence, { standId: 3, online: true }));
    expect(within(chat).getByText('Atendente online agora.')).toBeInTheDocument();
    expect(within(chat).queryByRole('checkbox')).toBeNull();

    await userEvent.click(within(chat).getByRole('button', { name: 'Fechar conversa' }));
    expect(socket.closed).toBe(true);
    // Closing gives focus back to the toggle.
    expect(screen.getByRole('button', { name: 'Conversar com o estande' })).toHaveFocus();
  });

  it('closes from the top, beside its title, and sits in the venue’s palette (issue 56, item 13)', async () => {
    fakeChatSockets();
    renderStand(stand('silver'));
    await userEvent.click(await screen.findByRole('button', { name: 'Conversar com o estande' }));
    const chat = screen.getByRole('region', { name: 'Conversa com Aurora Diagnósticos' });
    const close = within(chat).getByRole('button', { name: 'Fechar conversa' });
    const log = within(chat).getByRole('log', { name: 'Conversa com Aurora Diagnósticos' });
    // Before the log and the text box: on a phone, at the bottom, it sat under the navigation bar.
    expect(close.compareDocumentPosition(log) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(log.closest('[data-tone]')).toHaveAttribute('data-tone', 'dark');
    // The keys' hint is still the text box's description (hidden on touch screens by CSS only).
    expect(within(chat).getByRole('textbox', { name: 'Mensagem' })).toHaveAccessibleDescription(
      /Enter envia; Shift\+Enter quebra a linha\./,
    );
  });

  it('says honestly that a stand nobody attends is answered by the organisers, and drops presence while the connection is down', async () => {
    const sockets = fakeChatSockets();
    renderStand(stand('silver'));
    await userEvent.click(await screen.findByRole('button', { name: 'Conversar com o estande' }));
    const chat = screen.getByRole('region', { name: 'Conversa com Aurora Diagnósticos' });
    const socket = sockets[0];
    act(() => socket.up());
    act(() =>
      socket.answer(CHAT_EVENTS.open, { ok: true, chatId: null, standId: 3, clientId: 7, messages: [], online: false, attended: false }),
    );
    expect(
      within(chat).getByText('Este estande ainda não tem atendente: sua mensagem vai para a organização do evento, que responde por aqui.'),
    ).toBeInTheDocument();
    act(() => socket.serve(CHAT_EVENTS.presence, { standId: 3, online: true }));
    act(() => socket.drop());
    // Issue 56, item 1: offline, nobody knows whether the stand is attended — it says nothing rather than 'online'.
    expect(within(chat).queryByText('Atendente online agora.')).toBeNull();
  });
});
