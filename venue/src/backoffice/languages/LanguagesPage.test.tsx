import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type LanguagePack } from '@plataforma/adapter';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, TYPING_TEST_TIMEOUT } from '../test-utils';

const file = (name: string, updatedAt = '2026-03-01T12:00:00.000Z') => ({ url: `/uploads/${name}`, name, size: 40960, updatedAt });
const report = (missing: string[] = [], unknown: string[] = []) => ({ keys: 800 - missing.length, reference: 800, missing, unknown });

const packs = (): LanguagePack[] => [
  { code: 'pt', file: null, previous: null, version: 0, report: null, shipped: true },
  { code: 'en', file: file('en_1.json'), previous: null, version: 1, report: report(), shipped: true },
  {
    code: 'al',
    file: file('al_2.json'),
    previous: file('al_1.json'),
    version: 2,
    report: report(['common.notFound'], ['halls.extra']),
    shipped: true,
  },
];

const card = (name: RegExp) => screen.getByRole('region', { name });
const fileInput = (region: HTMLElement) => region.querySelector('input[type=file]') as HTMLInputElement;
const json = (name: string, text = '{"common":{"notFound":"Seite nicht gefunden"}}') =>
  new File([text], name, { type: 'application/json' });

beforeEach(() => signInStaff());

describe('/cms/idiomas (SPEC §2.3 language page, §8)', () => {
  it(
    'shows a card per language with its upload button, the link to the current file and its check',
    async () => {
      fakeServer({ 'GET /api/cms/v1/users/me': () => admin, 'GET /api/cms/v1/languages': () => packs() });
      renderBackoffice('/cms/idiomas');
      expect(await screen.findByRole('heading', { name: 'Idioma', level: 1 }, FIRST_LOAD)).toBeInTheDocument();
      const entries = within(screen.getByRole('navigation'))
        .getAllByRole('link')
        .map((link) => link.textContent);
      // 'Páginas do site' comes right after 'Idioma'.
      expect(entries.at(-1)).toBe('Páginas do site');
      expect(entries.indexOf('Idioma')).toBe(entries.indexOf('Atividades') + 1);
      expect((await screen.findAllByRole('button', { name: /^(Português|Inglês|Alemão)$/ })).map((b) => b.textContent)).toEqual([
        'Português',
        'Inglês',
        'Alemão',
      ]);

      const pt = card(/Português/);
      expect(within(pt).queryByRole('link')).toBeNull();
      expect(pt).toHaveTextContent('Nenhum arquivo enviado');
      expect(fileInput(pt)).toHaveAttribute('accept', 'application/json,.json');
      expect(within(pt).queryByRole('button', { name: /Restaurar versão anterior/ })).toBeNull();

      const al = card(/Alemão/);
      const link = within(al).getByRole('link', { name: /Ver arquivo atual/ });
      expect(link).toHaveAttribute('href', '/uploads/al_2.json');
      expect(link).toHaveAttribute('target', '_blank');
      expect(al).toHaveTextContent('al_2.json · 40 KB · enviado em 01-03-2026');
      expect(al).toHaveTextContent('versão 2');
      expect(within(al).getByText('Falta 1 texto: aparece em português.')).toBeInTheDocument();
      expect(within(al).getByRole('list', { name: 'Textos que faltam' })).toHaveTextContent('common.notFound');
      expect(within(al).getByRole('list', { name: 'Chaves desconhecidas' })).toHaveTextContent('halls.extra');
      expect(within(card(/Inglês/)).getByText(/os textos presentes \(800\)\.$/)).toBeInTheDocument();
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'says that EN and AL use the pack that ships with the platform while nothing is uploaded',
    async () => {
      const none = (code: LanguagePack['code'], shipped: boolean): LanguagePack => ({
        code,
        file: null,
        previous: null,
        version: 0,
        report: null,
        shipped,
      });
      fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/languages': () => [none('pt', true), none('en', true), none('al', false)],
      });
      renderBackoffice('/cms/idiomas');
      await screen.findByRole('button', { name: 'Inglês' }, FIRST_LOAD);
      expect(card(/Português/)).toHaveTextContent('Nenhum arquivo enviado: são usados os textos embutidos.');
      expect(card(/Inglês/)).toHaveTextContent('Pacote incluído na plataforma');
      expect(within(card(/Inglês/)).queryByRole('link')).toBeNull();
      // A deployment without the AL files: nothing ships for it, and the card says what visitors see.
      expect(card(/Alemão/)).toHaveTextContent('Nenhum arquivo enviado: os visitantes veem os textos em português.');
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'uploads a pack as soon as it is chosen: the toast, then the missing keys of the answer',
    async () => {
      let current = packs();
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/languages': () => current,
        'PUT /api/cms/v1/languages/pt': () => {
          const pack: LanguagePack = {
            code: 'pt',
            file: file('pt_1.json'),
            previous: null,
            version: 1,
            report: report(['a.b', 'c.d']),
            shipped: true,
          };
          current = current.map((one) => (one.code === 'pt' ? pack : one));
          return { data: pack, msg: 'languagePacks.savedIncomplete', status: 200 };
        },
      });
      renderBackoffice('/cms/idiomas');
      await screen.findByRole('button', { name: 'Português' }, FIRST_LOAD);
      await userEvent.upload(fileInput(card(/Português/)), json('textos.json'));
      await waitFor(() =>
        expect(screen.getByRole('status')).toHaveTextContent('Pacote de idioma enviado. Os textos que faltam aparecem em português.'),
      );
      const put = seen.find((r) => r.method === 'PUT');
      expect(put?.url).toBe('/api/cms/v1/languages/pt');
      expect(((put?.data as FormData).get('file') as File).name).toBe('textos.json');
      const pt = card(/Português/);
      expect(await within(pt).findByText('Faltam 2 textos: aparecem em português.')).toBeInTheDocument();
      expect(within(pt).getByRole('link', { name: /Ver arquivo atual/ })).toHaveAttribute('href', '/uploads/pt_1.json');
      expect(screen.getByRole('button', { name: 'Português' })).toHaveFocus();
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'shows a refusal as the red alert, with the keys whose placeholders differ',
    async () => {
      fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/languages': () => packs(),
        'PUT /api/cms/v1/languages/al': () => {
          throw new ApiError(
            400,
            'languagePacks.error.placeholders',
            {},
            {
              problems: [{ key: 'platform.bannerAlt', expected: ['name'], found: [] }],
            },
          );
        },
      });
      renderBackoffice('/cms/idiomas');
      await screen.findByRole('button', { name: 'Alemão' }, FIRST_LOAD);
      const al = card(/Alemão/);
      await userEvent.upload(fileInput(al), json('de.json'));
      const alert = await within(al).findByRole('alert');
      expect(alert).toHaveTextContent('Alguns textos não têm as mesmas variáveis');
      expect(within(alert).getByRole('list', { name: 'Chaves com problema' })).toHaveTextContent(
        'platform.bannerAlt: esperado {{name}}; encontrado nenhuma variável',
      );
      // The stored file is still the one shown.
      expect(within(al).getByRole('link', { name: /Ver arquivo atual/ })).toHaveAttribute('href', '/uploads/al_2.json');
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'restores the previous file after a confirmation',
    async () => {
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/languages': () => packs(),
        'POST /api/cms/v1/languages/al/rollback': () => ({
          data: { code: 'al', file: file('al_1.json'), previous: file('al_2.json'), version: 3, report: report(), shipped: true },
          msg: 'languagePacks.restored',
          status: 200,
        }),
      });
      renderBackoffice('/cms/idiomas');
      await screen.findByRole('button', { name: 'Alemão' }, FIRST_LOAD);
      await userEvent.click(within(card(/Alemão/)).getByRole('button', { name: /Restaurar versão anterior/ }));
      const dialog = screen.getByRole('alertdialog');
      expect(dialog).toHaveTextContent('Deseja restaurar o arquivo anterior do idioma Alemão (al_1.json)?');
      expect(seen.some((r) => r.method === 'POST')).toBe(false);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Sim' }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Arquivo anterior restaurado.'));
      expect(seen.find((r) => r.method === 'POST')?.url).toBe('/api/cms/v1/languages/al/rollback');
    },
    TYPING_TEST_TIMEOUT,
  );
});
