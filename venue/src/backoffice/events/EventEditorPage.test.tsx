import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CanceledError, type AxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, uploadAccept, type Event } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, TYPING_TEST_TIMEOUT } from '../test-utils';
import { formEntries, makeEvent, noDependents } from './test-fixtures';

const congress = makeEvent();
const categories = { rows: [{ id: 2, name: 'Congressos', description: null }], count: 1 };

beforeEach(() => {
  signInStaff();
  // jsdom has no object URLs: a chosen file previews at a fake address.
  URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/** The upload field of a label: its group, and the hidden file input inside it. */
const fileGroup = (label: string) => screen.getByRole('group', { name: new RegExp(`^${label}`) });
const fileInput = (label: string) => fileGroup(label).querySelector('input[type=file]') as HTMLInputElement;

/** The picked image's preview reports its natural size (jsdom loads no images). */
const loadPreview = (label: string, width: number, height: number) => {
  const img = within(fileGroup(label)).getByRole('img');
  Object.defineProperty(img, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(img, 'naturalHeight', { value: height, configurable: true });
  fireEvent.load(img);
};

/**
 * Lets the test hold a multipart save in flight: the request reports half of its body sent and
 * waits for `release()`, or fails as cancelled when its signal aborts.
 */
const holdUploads = () => {
  const mock = vi.mocked(api.http.request);
  const answer = mock.getMockImplementation();
  let release: () => void = () => undefined;
  mock.mockImplementation(async (config: AxiosRequestConfig) => {
    if (config.data instanceof FormData) {
      config.onUploadProgress?.({ loaded: 50, total: 100, progress: 0.5, bytes: 50, lengthComputable: true });
      await new Promise<void>((resolve, reject) => {
        release = resolve;
        config.signal?.addEventListener?.('abort', () => reject(new CanceledError('aborted')));
      });
    }
    return answer!(config);
  });
  return { release: () => act(() => release()) };
};

describe('/cms/eventos/new: creating an event (SPEC §2.3, §4, §5)', () => {
  it(
    'locks the other sections, checks the required fields and images, then saves multipart with its progress and opens patrocinadores',
    async () => {
      const created = makeEvent({ id: 9, name: 'Jornada de Inverno', value: '0.00', discount: '0.00', hasDiscount: false, published: 0 });
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/categories': () => categories,
        'POST /api/cms/v1/events': () => ({ data: created, msg: 'api.created', status: 201 }),
        'GET /api/cms/v1/events/private/9': () => created,
      });
      const hold = holdUploads();
      const router = renderBackoffice('/cms/eventos/new');
      expect(await screen.findByRole('heading', { level: 1, name: 'Adicionar Evento' }, FIRST_LOAD)).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /ver no site/ })).toBeNull();
      const basic = screen.getByRole('button', { name: /^Informações básicas/ });
      expect(basic).toHaveAttribute('aria-expanded', 'true');
      for (const name of ['Salas', 'Palestras', 'Palestrantes', 'Cupons']) {
        const header = screen.queryByRole('button', { name: new RegExp(`^${name}`) });
        if (!header) continue;
        expect(header).toBeDisabled();
        expect(header).toHaveAccessibleDescription('Salve as informações básicas do evento para liberar esta seção.');
      }
      const form = await screen.findByRole('form', { name: 'Informações básicas' }, FIRST_LOAD);
      expect(within(form).getByText('Deve ter uma proporção equivalente a 1920x500')).toBeInTheDocument();
      expect(within(form).getByText('Deve ter uma proporção equivalente a 240x340')).toBeInTheDocument();
      expect(within(form).getByText('Deve ter uma proporção equivalente a 252x150')).toBeInTheDocument();
      expect(fileGroup('Imagem de fundo')).toHaveTextContent('Imagem de fundo *');
      expect(fileInput('Miniatura')).toHaveAttribute('accept', uploadAccept('image'));
      expect(within(form).getByLabelText(/^Descrição/)).toHaveAttribute('rows', '5');
      // The contract's limits stop over-long text while typing.
      expect(within(form).getByLabelText(/^Descrição/)).toHaveAttribute('maxlength', '10000');
      expect(within(form).getByLabelText(/^Facebook/)).toHaveAttribute('maxlength', '500');
      expect(within(form).getByLabelText(/^Câmbio/)).toHaveValue('1,00');
      expect(within(form).getByRole('switch', { name: 'Inscrições' })).toHaveAccessibleDescription('Aberto');
      expect(within(form).getByRole('switch', { name: 'Publicação' })).toHaveAccessibleDescription('Rascunho');

      await userEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent(
        'Confira os campos marcados: Nome, Categoria, Descrição, Data de início, Horário de início.',
      );
      expect(within(form).getByLabelText(/^Nome/)).toHaveFocus();
      expect(within(form).getByLabelText(/^Nome/)).toHaveAttribute('aria-invalid', 'true');

      await userEvent.type(within(form).getByLabelText(/^Nome/), 'Jornada de Inverno');
      await userEvent.selectOptions(within(form).getByLabelText(/^Categoria/), 'Congressos');
      await userEvent.type(within(form).getByLabelText(/^Descrição/), 'Dois dias de palestras.');
      fireEvent.change(within(form).getByLabelText(/^Data de início/), { target: { value: '2026-07-10' } });
      fireEvent.change(within(form).getByLabelText(/^Horário de início/), { target: { value: '08:30' } });
      await userEvent.click(within(form).getByRole('checkbox', { name: 'Evento gratuito' }));
      expect(within(form).getByLabelText(/^Valor/)).toHaveValue('0');
      expect(within(form).getByLabelText(/^Valor/)).toHaveAttribute('readonly');
      expect(within(form).getByLabelText(/^Desconto/)).toHaveValue('0');
      await userEvent.click(within(form).getByRole('switch', { name: 'Inscrições' }));
      expect(within(form).getByRole('switch', { name: 'Inscrições' })).toHaveAttribute('aria-checked', 'false');
      expect(within(form).getByRole('switch', { name: 'Inscrições' })).toHaveAccessibleDescription('Fechado');

      // The images are required: saving without them names each one, and nothing is sent.
      await userEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
      expect(await within(form).findByText('Escolha a imagem de fundo.')).toBeInTheDocument();
      expect(within(form).getByText('Escolha o banner.')).toBeInTheDocument();
      expect(seen.some((r) => r.method === 'POST')).toBe(false);

      await userEvent.upload(fileInput('Imagem de fundo'), png('fundo.png'));
      loadPreview('Imagem de fundo', 1920, 1080);
      expect(within(fileGroup('Imagem de fundo')).getByRole('status')).toHaveTextContent(
        'A imagem escolhida mede 1920x1080: a proporção esperada é 1920x500.',
      );
      await userEvent.upload(fileInput('Banner'), png('banner.png'));
      loadPreview('Banner', 246, 340);
      expect(within(fileGroup('Banner')).queryByRole('status')).toBeNull();
      await userEvent.upload(fileInput('Miniatura'), png('miniatura.png'));
      expect(within(fileGroup('Miniatura')).getByRole('img', { name: 'Pré-visualização: Miniatura' })).toHaveAttribute(
        'src',
        'blob:miniatura.png',
      );
      expect(within(form).queryByText('Escolha o banner.')).toBeNull();

      await userEvent.click(within(form).getByRole('button', { name: 'Salvar' }));
      const progress = await within(form).findByRole('progressbar');
      expect(progress).toHaveAttribute('aria-valuenow', '50');
      expect(within(form).getByText('Enviando… 50%')).toBeInTheDocument();
      expect(within(form).getByRole('button', { name: 'Salvando…' })).toBeDisabled();
      hold.release();

      await waitFor(() => expect(router.state.location.pathname).toBe('/cms/eventos/9/patrocinadores'));
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Registro criado com sucesso.'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Jornada de Inverno' })).toBeInTheDocument();
      // A draft: its page answers 'not found' to everyone, so no 'ver no site' yet (issue 56, item 7).
      expect(screen.queryByRole('link', { name: /ver no site/ })).toBeNull();

      const post = seen.find((r) => r.method === 'POST');
      expect(formEntries(post?.data)).toEqual({
        name: 'Jornada de Inverno',
        description: 'Dois dias de palestras.',
        categoryId: '2',
        startDate: '2026-07-10',
        endDate: '',
        startTime: '08:30',
        endTime: '',
        value: '0.00',
        discount: '0.00',
        exchange: '1.00',
        installments: '1',
        featured: '0',
        facebook: '',
        twitter: '',
        linkedIn: '',
        // The event's e-mails (decision 080): no reply-to and the platform's colour when left blank.
        replyTo: '',
        brandColor: '',
        status: 'closed',
        published: '0',
        ticketOnly: '0',
        certificateEnabled: '0',
        certificateMinMinutes: '',
        certificateMinShare: '',
        certificateText: '',
        welcomeVideo: '',
        congressVideo: '',
        messagingLink: '',
        programmeLink: '',
        goldMeetingLink: '',
        silverMeetingLink: '',
        posterSiteLink: '',
        imageFile: 'file:fundo.png',
        bannerFile: 'file:banner.png',
        thumbFile: 'file:miniatura.png',
      });
    },
    TYPING_TEST_TIMEOUT * 2,
  );

  it(
    'cancels an upload with Cancelar: nothing is saved and the form says so',
    async () => {
      fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/categories': () => categories,
        'GET /api/cms/v1/events/private/3': () => congress,
        'PUT /api/cms/v1/events/3': () => ({ data: congress, msg: 'api.updated', status: 200 }),
      });
      holdUploads();
      const router = renderBackoffice('/cms/eventos/3');
      const form = await screen.findByRole('form', { name: 'Informações básicas' }, FIRST_LOAD);
      await userEvent.upload(fileInput('Imagem de fundo'), png('novo-fundo.png'));
      await userEvent.click(within(form).getByRole('button', { name: 'Atualizar' }));
      await userEvent.click(await within(form).findByRole('button', { name: 'Cancelar' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('Envio cancelado.');
      expect(within(form).queryByRole('progressbar')).toBeNull();
      expect(within(form).getByRole('button', { name: 'Atualizar' })).toBeEnabled();
      expect(router.state.location.pathname).toBe('/cms/eventos/3');
      expect(screen.getByTestId('toast')).not.toHaveTextContent('Alterações salvas com sucesso.');
    },
    TYPING_TEST_TIMEOUT,
  );
});

describe('/cms/eventos/:id: editing an event', () => {
  it(
    'saves an event that has the venue PDFs (files of the event, shown to open, never sent as links)',
    async () => {
      const withPdfs = makeEvent({
        venue: { ...congress.venue, infoPdf: '/uploads/informacoes_cbvmi.pdf', mapPdf: '/uploads/mapa.pdf', speakersPdf: null },
      });
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/categories': () => categories,
        'GET /api/cms/v1/events/private/3': () => withPdfs,
        'PUT /api/cms/v1/events/3': () => ({ data: { ...withPdfs, name: 'Congresso 2027' }, msg: 'api.updated', status: 200 }),
      });
      renderBackoffice('/cms/eventos/3/informacoes-basicas');
      const form = await screen.findByRole('form', { name: 'Informações básicas' }, FIRST_LOAD);
      const files = within(form).getByRole('list', { name: 'Arquivos do evento' });
      expect(within(files).getByRole('link', { name: 'PDF de informações (antessala)' })).toHaveAttribute(
        'href',
        '/uploads/informacoes_cbvmi.pdf',
      );
      expect(within(files).getByRole('link', { name: 'PDF do mapa (help desk)' })).toHaveAttribute('href', '/uploads/mapa.pdf');
      expect(within(files).queryByRole('link', { name: 'PDF dos palestrantes' })).toBeNull();
      await userEvent.clear(within(form).getByLabelText(/^Nome/));
      await userEvent.type(within(form).getByLabelText(/^Nome/), 'Congresso 2027');
      await userEvent.click(within(form).getByRole('button', { name: 'Atualizar' }));
      await waitFor(() => expect(seen.some((r) => r.method === 'PUT')).toBe(true));
      const sent = formEntries(seen.find((r) => r.method === 'PUT')?.data);
      expect(sent).toMatchObject({ name: 'Congresso 2027' });
      for (const key of ['infoPdf', 'mapPdf', 'speakersPdf']) expect(sent).not.toHaveProperty(key);
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Alterações salvas com sucesso.'));
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'shows the stored event, sends only the changed files and the remove flags, and shows a refusal in the red alert',
    async () => {
      let refuse = true;
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/categories': () => categories,
        'GET /api/cms/v1/events/private/3': () => congress,
        'PUT /api/cms/v1/events/3': () => {
          if (refuse) throw new ApiError(400, 'api.error.payloadTooLarge');
          return { data: { ...congress, name: 'Congresso 2026' }, msg: 'api.updated', status: 200 };
        },
      });
      const router = renderBackoffice('/cms/eventos/3/informacoes-basicas');
      expect(await screen.findByRole('heading', { level: 1, name: congress.name }, FIRST_LOAD)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /ver no site/ })).toHaveAttribute('href', '/eventos/3-congresso-de-medicina-intensiva');
      const form = await screen.findByRole('form', { name: 'Informações básicas' }, FIRST_LOAD);
      expect(within(form).getByLabelText(/^Nome/)).toHaveValue(congress.name);
      await waitFor(() => expect(within(form).getByLabelText(/^Categoria/)).toHaveValue('2'));
      expect(within(form).getByLabelText(/^Horário de início/)).toHaveValue('09:00');
      expect(within(form).getByLabelText(/^Valor/)).toHaveValue('150,00');
      expect(within(form).getByRole('checkbox', { name: 'Evento gratuito' })).not.toBeChecked();
      expect(within(form).getByRole('switch', { name: 'Publicação' })).toHaveAccessibleDescription('Publicado');
      expect(within(fileGroup('Banner')).getByRole('img')).toHaveAttribute('src', '/uploads/banner.jpg');

      // Removing a required image without a new one is refused before sending.
      await userEvent.click(within(fileGroup('Banner')).getByRole('button', { name: 'Remover imagem: Banner' }));
      expect(within(fileGroup('Banner')).queryByRole('img')).toBeNull();
      expect(within(fileGroup('Banner')).getByRole('button', { name: 'Fazer upload de imagem: Banner' })).toHaveFocus();
      await userEvent.click(within(form).getByRole('button', { name: 'Atualizar' }));
      expect(await within(form).findByText('Escolha o banner.')).toBeInTheDocument();
      expect(seen.some((r) => r.method === 'PUT')).toBe(false);

      await userEvent.upload(fileInput('Banner'), png('banner-novo.png'));
      await userEvent.click(within(fileGroup('Miniatura')).getByRole('button', { name: 'Remover imagem: Miniatura' }));
      await userEvent.upload(fileInput('Miniatura'), png('mini-nova.png'));
      await userEvent.clear(within(form).getByLabelText(/^Nome/));
      await userEvent.type(within(form).getByLabelText(/^Nome/), 'Congresso 2026');
      await userEvent.click(within(form).getByRole('switch', { name: 'Publicação' }));
      await userEvent.click(within(form).getByRole('button', { name: 'Atualizar' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('O arquivo é grande demais.');
      expect(within(form).getByRole('button', { name: 'Atualizar' })).toBeEnabled();

      refuse = false;
      await userEvent.click(within(form).getByRole('button', { name: 'Atualizar' }));
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Alterações salvas com sucesso.'));
      // A later save stays on the section (issue 56, item 7: it jumped to Patrocinadores, the title scrolled off).
      expect(router.state.location.pathname).toBe('/cms/eventos/3/informacoes-basicas');
      expect(screen.getByRole('form', { name: 'Informações básicas' })).toBeInTheDocument();
      const put = formEntries(seen.filter((r) => r.method === 'PUT').at(-1)?.data);
      expect(put).toMatchObject({
        name: 'Congresso 2026',
        categoryId: '2',
        value: '150.00',
        discount: '30.00',
        exchange: '1.00',
        startTime: '09:00',
        published: '0',
        status: 'open',
        featured: '0',
        installments: '1',
        bannerFile: 'file:banner-novo.png',
        thumbFile: 'file:mini-nova.png',
      });
      expect(put).not.toHaveProperty('imageFile');
      expect(put).not.toHaveProperty('removeImageFile');
      expect(put).not.toHaveProperty('removeBannerFile');
    },
    TYPING_TEST_TIMEOUT * 2,
  );

  it(
    'publishes from the top after a checklist of what visitors would miss, and goes back to draft (issue 56, item 7)',
    async () => {
      let stored = makeEvent({ published: 0, venue: { ...congress.venue, welcomeVideo: null } });
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/categories': () => categories,
        'GET /api/cms/v1/events/private/3': () => stored,
        'GET /api/cms/v1/events/3/dependents': () => ({ ...noDependents, rooms: 1 }),
        'PUT /api/cms/v1/events/3': (config) => {
          stored = makeEvent({ ...stored, published: (config.data as FormData).get('published') === '1' ? 1 : 0 });
          return { data: stored, msg: 'api.updated', status: 200 };
        },
      });
      renderBackoffice('/cms/eventos/3');
      await screen.findByRole('form', { name: 'Informações básicas' }, FIRST_LOAD);
      expect(screen.getByText('Rascunho: só a equipe vê')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /ver no site/ })).toBeNull();
      await userEvent.click(screen.getByRole('button', { name: 'Publicar evento' }));
      const check = await screen.findByRole('dialog', { name: 'Publicar o evento' });
      expect(
        within(check)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Nenhum estande: os pavilhões abrem com espaços vazios.',
        'Nenhuma palestra na programação.',
        'Sem vídeo de boas-vindas no hall de entrada.',
      ]);
      await userEvent.click(within(check).getByRole('button', { name: 'Publicar mesmo assim' }));
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Evento publicado.'));
      expect(formEntries(seen.filter((r) => r.method === 'PUT').at(-1)?.data)).toEqual({ published: '1' });
      expect(screen.queryByRole('dialog', { name: 'Publicar o evento' })).toBeNull();
      expect(await screen.findByText('Publicado: visível no site')).toBeInTheDocument();
      // Published: 'ver no site' opens the event's public page in a new tab.
      const onSite = screen.getByRole('link', { name: 'ver no site: Congresso de Medicina Intensiva (abre em nova aba)' });
      expect(onSite).toHaveAttribute('href', '/eventos/3-congresso-de-medicina-intensiva');
      expect(onSite).toHaveAttribute('target', '_blank');
      expect(onSite).toHaveAttribute('rel', 'noopener noreferrer');
      // The form below says the same (its switch would otherwise save the draft back).
      expect(within(screen.getByRole('form', { name: 'Informações básicas' })).getByRole('switch', { name: 'Publicação' })).toBeChecked();
      await userEvent.click(screen.getByRole('button', { name: 'Voltar para rascunho' }));
      await waitFor(() => expect(screen.getByText('Rascunho: só a equipe vê')).toBeInTheDocument());
      expect(formEntries(seen.filter((r) => r.method === 'PUT').at(-1)?.data)).toEqual({ published: '0' });
      expect(screen.queryByRole('link', { name: /ver no site/ })).toBeNull();
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'sends "Entrada somente com ingresso" as the event\'s ticketOnly flag',
    async () => {
      let stored = congress;
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/categories': () => categories,
        'GET /api/cms/v1/events/private/3': () => stored,
        'PUT /api/cms/v1/events/3': () => {
          stored = makeEvent({ ticketOnly: 1 });
          return { data: stored, msg: 'api.updated', status: 200 };
        },
      });
      renderBackoffice('/cms/eventos/3');
      const form = await screen.findByRole('form', { name: 'Informações básicas' }, FIRST_LOAD);
      const ticketOnly = within(form).getByRole('checkbox', { name: 'Entrada somente com ingresso' });
      expect(ticketOnly).not.toBeChecked();
      expect(ticketOnly).toHaveAccessibleDescription(
        /^Quando marcado, só entra no evento quem comprou o ingresso ou recebeu acesso da organização\./,
      );
      await userEvent.click(ticketOnly);
      await userEvent.click(within(form).getByRole('button', { name: 'Atualizar' }));
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Alterações salvas com sucesso.'));
      expect(formEntries(seen.find((r) => r.method === 'PUT')?.data)).toMatchObject({ ticketOnly: '1', published: '1' });
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'sets the attendance certificate: the switch, a minimum as a share of the programme and the text; a missing minimum is said before sending',
    async () => {
      let stored = congress;
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/categories': () => categories,
        'GET /api/cms/v1/events/private/3': () => stored,
        'PUT /api/cms/v1/events/3': () => {
          stored = makeEvent({ certificateEnabled: 1, certificateMinShare: 75, certificateText: 'Certificamos que {nome}' });
          return { data: stored, msg: 'api.updated', status: 200 };
        },
      });
      renderBackoffice('/cms/eventos/3');
      const form = await screen.findByRole('form', { name: 'Informações básicas' }, FIRST_LOAD);
      const certificate = within(form).getByRole('group', { name: 'Certificado de participação' });
      await userEvent.click(within(certificate).getByRole('checkbox', { name: 'Emitir certificados de participação' }));
      await userEvent.click(within(form).getByRole('button', { name: 'Atualizar' }));
      expect(await within(form).findByText(/informe um tempo mínimo/)).toBeInTheDocument();
      expect(seen.some((r) => r.method === 'PUT')).toBe(false);
      await userEvent.selectOptions(within(certificate).getByLabelText('Tempo mínimo em'), 'share');
      const share = within(certificate).getByLabelText(/^Porcentagem mínima da programação/);
      expect(share).toHaveAccessibleDescription(/De 1 a 100/);
      await userEvent.type(share, '75');
      const text = within(certificate).getByLabelText(/^Texto do certificado/);
      expect(text).toHaveAccessibleDescription(/\{nome\}.*\{evento\}.*\{horas\}/);
      fireEvent.change(text, { target: { value: 'Certificamos que {nome}' } });
      await userEvent.click(within(form).getByRole('button', { name: 'Atualizar' }));
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Alterações salvas com sucesso.'));
      expect(formEntries(seen.find((r) => r.method === 'PUT')?.data)).toMatchObject({
        certificateEnabled: '1',
        certificateMinShare: '75',
        certificateMinMinutes: '',
        certificateText: 'Certificamos que {nome}',
      });
    },
    TYPING_TEST_TIMEOUT * 2,
  );

  it(
    'unchecking "Evento gratuito" clears the amounts; the free event shows checked',
    async () => {
      const free = makeEvent({ value: '0.00', discount: '0.00', hasDiscount: false });
      fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/categories': () => categories,
        'GET /api/cms/v1/events/private/3': () => free,
      });
      renderBackoffice('/cms/eventos/3');
      const form = await screen.findByRole('form', { name: 'Informações básicas' }, FIRST_LOAD);
      const checkbox = within(form).getByRole('checkbox', { name: 'Evento gratuito' });
      expect(checkbox).toBeChecked();
      expect(within(form).getByLabelText(/^Valor/)).toHaveValue('0,00');
      await userEvent.click(checkbox);
      expect(within(form).getByLabelText(/^Valor/)).toHaveValue('');
      expect(within(form).getByLabelText(/^Desconto/)).toHaveValue('');
      expect(within(form).getByLabelText(/^Valor/)).not.toHaveAttribute('readonly');
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'asks before leaving with unsaved changes: stay, then leave without saving',
    async () => {
      fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/categories': () => categories,
        'GET /api/cms/v1/events/private/3': () => congress,
        'GET /api/cms/v1/events': () => ({ rows: [congress], count: 1 }),
        'GET /api/cms/v1/rooms': () => ({ rows: [], count: 0 }),
      });
      const router = renderBackoffice('/cms/eventos/3');
      const form = await screen.findByRole('form', { name: 'Informações básicas' }, FIRST_LOAD);
      await userEvent.type(within(form).getByLabelText(/^Nome/), ' 2026');

      const unload = new window.Event('beforeunload', { cancelable: true });
      window.dispatchEvent(unload);
      expect(unload.defaultPrevented).toBe(true);

      await userEvent.click(screen.getByRole('button', { name: 'voltar para listagem' }));
      let dialog = await screen.findByRole('alertdialog', { name: 'Aviso' });
      expect(dialog).toHaveTextContent('Há alterações não salvas. Deseja sair sem salvá-las?');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
      expect(router.state.location.pathname).toBe('/cms/eventos/3');
      expect(within(form).getByLabelText(/^Nome/)).toHaveValue(`${congress.name} 2026`);

      // Another section closes this form: that asks too.
      await userEvent.click(screen.getByRole('button', { name: /^Salas/ }));
      dialog = await screen.findByRole('alertdialog', { name: 'Aviso' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Sair sem salvar' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/cms/eventos/3/salas'));
      await userEvent.click(screen.getByRole('button', { name: 'voltar para listagem' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/cms/eventos'));
      const clean = new window.Event('beforeunload', { cancelable: true });
      window.dispatchEvent(clean);
      expect(clean.defaultPrevented).toBe(false);
    },
    TYPING_TEST_TIMEOUT,
  );

  it('deletes the event from the editor after the warning and goes back a page', async () => {
    let rows: Event[] = [congress];
    const seen = fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/events': () => ({ rows, count: rows.length }),
      'GET /api/cms/v1/categories': () => categories,
      'GET /api/cms/v1/events/private/3': () => congress,
      'GET /api/cms/v1/events/3/dependents': () => ({ ...noDependents, rooms: 1, medias: 2 }),
      'DELETE /api/cms/v1/events': () => {
        rows = [];
        return { data: { ids: [3], count: 1 }, msg: 'api.deleted', status: 200 };
      },
    });
    const router = renderBackoffice('/cms/eventos');
    await userEvent.click(await screen.findByRole('cell', { name: congress.name }, FIRST_LOAD));
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir evento' }, FIRST_LOAD));
    const dialog = await screen.findByRole('alertdialog', { name: 'Aviso' });
    expect(dialog).toHaveTextContent(
      'Deseja realmente excluir o evento "Congresso de Medicina Intensiva"? 1 sala e 2 mídias serão excluídas junto.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cms/eventos'));
    expect(seen.find((r) => r.method === 'DELETE')?.params).toEqual({ ids: '3' });
    expect(await screen.findByRole('link', { name: 'Criar Evento' })).toBeInTheDocument();
  });

  it('says when the event does not exist', async () => {
    fakeServer({
      'GET /api/cms/v1/users/me': () => admin,
      'GET /api/cms/v1/events/private/77': () => {
        throw new ApiError(404, 'api.error.eventNotFound');
      },
    });
    const router = renderBackoffice('/cms/eventos/77');
    expect(await screen.findByText('Evento não encontrado.', {}, FIRST_LOAD)).toBeInTheDocument();
    await router.navigate('/cms/eventos/abc');
    expect(await screen.findByText('Evento não encontrado.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
