import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type Coupon, type MessageKey } from '@plataforma/adapter';
import { i18n } from '../../shared/i18n';
import { makeEvent } from '../events/test-fixtures';
import { admin, fakeServer, FIRST_LOAD, renderBackoffice, signInStaff, TYPING_TEST_TIMEOUT } from '../test-utils';

const TAKEN = 'coupons.error.codeTaken' as MessageKey;
const TAKEN_TEXT = 'Este código de cupom já está em uso.';

const event = makeEvent();
const welcome: Coupon = { id: 21, eventId: 3, code: 'BEMVINDO10', value: '10.00', percent: 1, amount: 100, expiresAt: '2026-12-31' };
const fixed: Coupon = { id: 22, eventId: 3, code: 'AMIB25', value: '25.00', percent: 0, amount: 5, expiresAt: null };

beforeAll(() => {
  // The server's message of a code in use (added to the pack with its route); the alert shows the pack's text of the key.
  if (!i18n.exists(TAKEN)) i18n.addResource('pt', 'translation', TAKEN, TAKEN_TEXT);
});
beforeEach(() => signInStaff());

const serve = (rows: () => Coupon[], extra: Parameters<typeof fakeServer>[0] = {}) =>
  fakeServer({
    'GET /api/cms/v1/users/me': () => admin,
    'GET /api/cms/v1/events/private/3': () => event,
    'GET /api/cms/v1/coupons': () => ({ rows: rows(), count: rows().length }),
    ...extra,
  });

const panel = () => screen.findByRole('region', { name: /^Cupons/ }, FIRST_LOAD);

describe("the event editor's 'Cupons'", () => {
  it('lists the coupons: code, value or percentage, amount left, expiry', async () => {
    const seen = serve(() => [welcome, fixed]);
    renderBackoffice('/cms/eventos/3/cupons');
    const region = await panel();
    const first = (await within(region).findByRole('cell', { name: 'BEMVINDO10' }, FIRST_LOAD)).closest('tr') as HTMLElement;
    expect(Array.from(first.querySelectorAll('td')).map((td) => td.textContent)).toEqual(['', 'BEMVINDO10', '10%', '100', '31/12/2026']);
    const second = within(region).getByRole('cell', { name: 'AMIB25' }).closest('tr') as HTMLElement;
    expect(Array.from(second.querySelectorAll('td')).map((td) => td.textContent)).toEqual(['', 'AMIB25', 'R$ 25,00', '5', 'Sem validade']);
    expect(seen.find((r) => r.url === '/api/cms/v1/coupons')?.params).toMatchObject({ eventId: 3 });
  });

  it(
    'adds a coupon: the code turns upper case without spaces as typed; a percentage over 100 and a code in use are refused',
    async () => {
      let rows: Coupon[] = [];
      let taken = true;
      const seen = serve(() => rows, {
        'POST /api/cms/v1/coupons': () => {
          if (taken) throw new ApiError(409, TAKEN);
          rows = [welcome];
          return { data: welcome, msg: 'api.created', status: 201 };
        },
      });
      renderBackoffice('/cms/eventos/3/cupons');
      const region = await panel();
      await userEvent.click(await within(region).findByRole('button', { name: 'Adicionar Cupom' }, FIRST_LOAD));
      const dialog = screen.getByRole('dialog', { name: 'Adicionar Cupom' });
      const code = within(dialog).getByLabelText(/^Código/);
      expect(code).toHaveAccessibleDescription('Sem espaços, apenas letras maiúsculas');
      await userEvent.type(code, 'bem vindo 10');
      expect(code).toHaveValue('BEMVINDO10');

      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Desconto em porcentagem (%)' }));
      expect(within(dialog).getByLabelText(/^Valor do desconto/).previousElementSibling).toHaveTextContent('%');
      await userEvent.type(within(dialog).getByLabelText(/^Valor do desconto/), '150');
      await userEvent.type(within(dialog).getByLabelText(/^Quantidade disponível/), '100');
      fireEvent.change(within(dialog).getByLabelText(/^Validade/), { target: { value: '2026-12-31' } });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Confira os campos marcados: Valor do desconto.');
      expect(within(dialog).getByLabelText(/^Valor do desconto/)).toHaveAccessibleDescription('Valor alto demais (máximo 100).');
      expect(within(dialog).getByLabelText(/^Valor do desconto/)).toHaveAttribute('aria-invalid', 'true');
      expect(seen.some((r) => r.method === 'POST')).toBe(false);

      await userEvent.clear(within(dialog).getByLabelText(/^Valor do desconto/));
      await userEvent.type(within(dialog).getByLabelText(/^Valor do desconto/), '10');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(TAKEN_TEXT));

      taken = false;
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Registro criado com sucesso.'));
      expect(seen.filter((r) => r.method === 'POST').at(-1)?.data).toEqual({
        eventId: 3,
        code: 'BEMVINDO10',
        value: '10.00',
        percent: 1,
        amount: 100,
        expiresAt: '2026-12-31',
      });
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'edits a coupon in reais, and deletes one after the warning that names its code',
    async () => {
      let rows = [fixed];
      const seen = serve(() => rows, {
        'PUT /api/cms/v1/coupons/22': () => ({ data: { ...fixed, value: '30.00' }, msg: 'api.updated', status: 200 }),
        'DELETE /api/cms/v1/coupons': () => {
          rows = [];
          return { data: { ids: [22], count: 1 }, msg: 'api.deleted', status: 200 };
        },
      });
      renderBackoffice('/cms/eventos/3/cupons');
      const region = await panel();
      await userEvent.click(await within(region).findByRole('cell', { name: 'AMIB25' }, FIRST_LOAD));
      const dialog = screen.getByRole('dialog', { name: 'Editando Cupom' });
      expect(within(dialog).getByRole('checkbox', { name: 'Desconto em porcentagem (%)' })).not.toBeChecked();
      expect(within(dialog).getByLabelText(/^Valor do desconto/).previousElementSibling).toHaveTextContent('R$');
      await userEvent.clear(within(dialog).getByLabelText(/^Valor do desconto/));
      await userEvent.type(within(dialog).getByLabelText(/^Valor do desconto/), '30,00');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(seen.find((r) => r.method === 'PUT')?.data).toEqual({
        code: 'AMIB25',
        value: '30.00',
        percent: 0,
        amount: 5,
        expiresAt: null,
      });

      await userEvent.click(within(region).getByRole('checkbox', { name: 'Selecionar linha 22' }));
      await userEvent.click(within(region).getByRole('button', { name: 'Excluir selecionados' }));
      const warning = screen.getByRole('alertdialog', { name: 'Aviso' });
      expect(warning).toHaveTextContent('Deseja realmente excluir o cupom "AMIB25"?');
      await userEvent.click(within(warning).getByRole('button', { name: 'Sim' }));
      await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Registro excluído com sucesso.'));
      expect(seen.find((r) => r.method === 'DELETE')?.params).toEqual({ ids: '22' });
    },
    TYPING_TEST_TIMEOUT,
  );
});
