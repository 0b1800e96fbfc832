import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type Block, type CmsSitePage } from '@plataforma/adapter';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, TYPING_TEST_TIMEOUT, type SeenRequest } from '../test-utils';

const aboutBody: Block[] = [
  { type: 'heading', level: 2, children: [{ type: 'text', text: 'Quem somos' }] },
  {
    type: 'paragraph',
    children: [
      { type: 'text', text: 'Uma plataforma de ' },
      { type: 'text', text: 'eventos virtuais', bold: true },
      { type: 'text', text: '.' },
    ],
  },
];
const about = (): CmsSitePage => ({ page: 'about', title: 'Sobre nós', body: aboutBody, updatedAt: '2026-03-01T12:00:00.000Z' });
const unwritten = (): CmsSitePage => ({ page: 'terms', title: '', body: [], updatedAt: null });

const server = (put?: (request: SeenRequest) => unknown) =>
  fakeServer({
    'GET /api/cms/v1/users/me': () => admin,
    'GET /api/cms/v1/pages/about': () => about(),
    'GET /api/cms/v1/pages/terms': () => unwritten(),
    ...(put ? { 'PUT /api/cms/v1/pages/about': put } : {}),
  });

const panel = () => screen.getByRole('tabpanel', { name: /Sobre nós/ });
const preview = () => within(panel()).getByRole('region', { name: 'Pré-visualização' });
const bodyField = () => within(panel()).getByRole('textbox', { name: 'Texto' }) as HTMLTextAreaElement;

beforeEach(() => signInStaff());

describe('/cms/paginas (the site’s terms of use and about us)', () => {
  it(
    'shows each page in a tab: its title, its body as text, the preview drawn as the site draws it, the last change and the site link',
    async () => {
      server();
      renderBackoffice('/cms/paginas?pagina=sobre');
      expect(await screen.findByRole('heading', { name: 'Páginas do site', level: 1 }, FIRST_LOAD)).toBeInTheDocument();
      const entries = within(screen.getByRole('navigation'))
        .getAllByRole('link')
        .map((link) => link.textContent);
      // The site's pages close the menu, after Idioma and the e-mail and job screens.
      expect(entries.slice(-4)).toEqual(['Idioma', 'E-mails', 'Tarefas', 'Páginas do site']);
      expect(screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
        ['Termos de uso', 'false'],
        ['Sobre nós', 'true'],
      ]);

      expect(await within(panel()).findByRole('textbox', { name: 'Título' })).toHaveValue('Sobre nós');
      expect(bodyField()).toHaveValue('## Quem somos\n\nUma plataforma de **eventos virtuais**.');
      expect(bodyField()).toHaveAccessibleDescription(/\*\*negrito\*\*/);
      expect(within(preview()).getByRole('heading', { name: 'Quem somos', level: 2 })).toBeInTheDocument();
      expect(within(preview()).getByText('eventos virtuais').closest('strong')).not.toBeNull();
      expect(panel()).toHaveTextContent(/Última alteração em 01-03-2026 \d\d:\d\d\./);
      const link = within(panel()).getByRole('link', { name: /ver no site/ });
      expect(link).toHaveAttribute('href', '/sobre');
      expect(link).toHaveAttribute('target', '_blank');
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'moves between the tabs with the arrow keys; a page never written opens empty',
    async () => {
      server();
      renderBackoffice('/cms/paginas');
      const terms = await screen.findByRole('tab', { name: 'Termos de uso' }, FIRST_LOAD);
      expect(terms).toHaveAttribute('aria-selected', 'true');
      const termsPanel = screen.getByRole('tabpanel', { name: 'Termos de uso' });
      expect(await within(termsPanel).findByRole('textbox', { name: 'Título' })).toHaveValue('');
      expect(within(termsPanel).getByRole('textbox', { name: 'Texto' })).toHaveValue('');
      expect(termsPanel).toHaveTextContent('Ainda não escrita: o site mostra “Página ainda não publicada”.');
      expect(termsPanel).toHaveTextContent('O texto aparece aqui enquanto você escreve.');
      expect(within(termsPanel).getByRole('link', { name: /ver no site/ })).toHaveAttribute('href', '/termos');

      terms.focus();
      await userEvent.keyboard('{ArrowRight}');
      const aboutTab = screen.getByRole('tab', { name: 'Sobre nós' });
      expect(aboutTab).toHaveAttribute('aria-selected', 'true');
      expect(aboutTab).toHaveFocus();
      expect(await within(panel()).findByRole('textbox', { name: 'Título' })).toHaveValue('Sobre nós');
      // The other page's form stays (switching loses nothing), hidden.
      expect(termsPanel).not.toBeVisible();
      expect(termsPanel).toContainElement(within(termsPanel).getByRole('textbox', { hidden: true, name: 'Título' }));
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'updates the preview as the text is typed, and saves the blocks the text makes',
    async () => {
      let stored = about();
      const seen = server((request) => {
        const input = request.data as { title: string; body: Block[] };
        stored = { page: 'about', title: input.title, body: input.body, updatedAt: '2026-03-02T15:30:00.000Z' };
        return { data: stored, msg: 'api.updated', status: 200 };
      });
      renderBackoffice('/cms/paginas?pagina=sobre');
      const title = await within(await screen.findByRole('tabpanel', { name: /Sobre nós/ }, FIRST_LOAD)).findByRole('textbox', {
        name: 'Título',
      });
      await userEvent.clear(title);
      await userEvent.type(title, 'Quem faz a plataforma');
      await userEvent.click(bodyField());
      await userEvent.keyboard('{Control>}{End}{/Control}');
      await userEvent.paste('\n\n- Congressos com *salas ao vivo*\n- Feiras');
      expect(within(preview()).getByText('Quem faz a plataforma')).toBeInTheDocument();
      await waitFor(() => expect(within(preview()).getByText('salas ao vivo').closest('em')).not.toBeNull());
      expect(
        within(preview())
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Congressos com salas ao vivo', 'Feiras']);
      // Unsaved changes are marked on the tab.
      expect(screen.getByRole('tab', { name: /Sobre nós/ })).toHaveTextContent('alterações não salvas');

      await userEvent.click(within(panel()).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Alterações salvas com sucesso.'));
      const put = seen.find((request) => request.method === 'PUT');
      expect(put?.url).toBe('/api/cms/v1/pages/about');
      expect(put?.data).toEqual({
        title: 'Quem faz a plataforma',
        body: [
          ...aboutBody,
          {
            type: 'list',
            format: 'unordered',
            children: [
              {
                type: 'list-item',
                children: [
                  { type: 'text', text: 'Congressos com ' },
                  { type: 'text', text: 'salas ao vivo', italic: true },
                ],
              },
              { type: 'list-item', children: [{ type: 'text', text: 'Feiras' }] },
            ],
          },
        ],
      });
      expect(screen.getByRole('tab', { name: 'Sobre nós' })).not.toHaveTextContent('alterações não salvas');
      expect(panel()).toHaveTextContent(/Última alteração em 02-03-2026/);
      expect(bodyField()).toHaveValue(
        '## Quem somos\n\nUma plataforma de **eventos virtuais**.\n\n- Congressos com *salas ao vivo*\n- Feiras',
      );
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'refuses an empty title before sending; says the server’s refusal and keeps what was typed',
    async () => {
      const seen = server(() => {
        throw new ApiError(413, 'api.error.payloadTooLarge');
      });
      const puts = () => seen.filter((request) => request.method === 'PUT');
      renderBackoffice('/cms/paginas?pagina=sobre');
      const title = await within(await screen.findByRole('tabpanel', { name: /Sobre nós/ }, FIRST_LOAD)).findByRole('textbox', {
        name: 'Título',
      });
      await userEvent.clear(title);
      await userEvent.click(within(panel()).getByRole('button', { name: 'Salvar' }));
      expect(await within(panel()).findByRole('alert')).toHaveTextContent('Confira os campos marcados: Título.');
      expect(title).toHaveAccessibleDescription('Preencha este campo.');
      expect(puts()).toHaveLength(0);

      await userEvent.type(title, 'Sobre nós');
      await userEvent.click(bodyField());
      await userEvent.keyboard('{Control>}{End}{/Control}');
      await userEvent.paste('\n\nTexto que o servidor recusa.');
      // Ctrl+S saves from the keyboard.
      await userEvent.keyboard('{Control>}s{/Control}');
      await waitFor(() => expect(within(panel()).getByRole('alert')).toHaveTextContent('O arquivo é grande demais.'));
      expect(puts()).toHaveLength(1);
      expect(bodyField().value).toMatch(/Uma plataforma de \*\*eventos virtuais\*\*\.\n\nTexto que o servidor recusa\.$/);
      expect(title).toHaveValue('Sobre nós');
      expect(screen.getByRole('status')).not.toHaveTextContent('Alterações salvas com sucesso.');
      expect(screen.getByRole('tab', { name: /Sobre nós/ })).toHaveTextContent('alterações não salvas');
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'asks before leaving the screen with unsaved changes',
    async () => {
      server();
      const router = renderBackoffice('/cms/paginas?pagina=sobre');
      const title = await within(await screen.findByRole('tabpanel', { name: /Sobre nós/ }, FIRST_LOAD)).findByRole('textbox', {
        name: 'Título',
      });
      await userEvent.type(title, ' e parceiros');
      await userEvent.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Idioma' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('Há alterações não salvas. Deseja sair sem salvá-las?');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Continuar editando' }));
      expect(router.state.location.pathname).toBe('/cms/paginas');
      expect(title).toHaveValue('Sobre nós e parceiros');
      // Switching tabs is no leaving: the typed title waits in its tab.
      await userEvent.click(screen.getByRole('tab', { name: 'Termos de uso' }));
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(router.state.location.search).toBe('?pagina=termos');
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'shows a page that cannot be read, with a retry',
    async () => {
      fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/pages/about': () => {
          throw new ApiError(403, 'api.error.forbidden');
        },
        'GET /api/cms/v1/pages/terms': () => unwritten(),
      });
      renderBackoffice('/cms/paginas?pagina=sobre');
      const alert = await within(await screen.findByRole('tabpanel', { name: /Sobre nós/ }, FIRST_LOAD)).findByRole('alert');
      expect(alert).toHaveTextContent('Você não tem permissão para isso.');
      expect(within(alert).getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
    },
    TYPING_TEST_TIMEOUT,
  );
});
