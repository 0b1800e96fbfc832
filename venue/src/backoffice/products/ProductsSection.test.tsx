import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '@plataforma/adapter';
import { standFixture } from '../stands/fixtures';
import {
  admin,
  fakeServer,
  FIRST_LOAD,
  multipartFields,
  renderInBackoffice,
  signInStaff,
  stubObjectUrls,
  TYPING_TEST_TIMEOUT,
} from '../test-utils';
import { ProductsSection } from './ProductsSection';

const vitalis = standFixture();
const kit: Product = {
  id: 12,
  standId: 3,
  title: 'Kit de boas-vindas',
  description: 'Amostras e brindes.',
  image: '/uploads/kit.png',
  price: '1234.50',
  discount: '34.50',
  discountValue: '1200.00',
  hasDiscount: true,
  installments: 3,
  ctaLabel: 'Quero o meu',
  ctaLink: 'https://vitalis.exemplo.com.br/kit',
};

beforeEach(() => {
  stubObjectUrls();
  signInStaff();
});

describe("the event editor's 'Produtos e serviços' section", () => {
  it(
    'chooses a stand, lists its products (image, title, price, discount in R$) and adds one with amounts in reais',
    async () => {
      let rows: Product[] = [kit];
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/stands': () => ({ rows: [vitalis], count: 1 }),
        'GET /api/cms/v1/products': () => ({ rows, count: rows.length }),
        'POST /api/cms/v1/products': () => {
          const added: Product = { ...kit, id: 13, title: 'Consultoria', image: null, price: '150.50', discount: '0.00' };
          rows = [kit, added];
          return { data: added, msg: 'api.created', status: 201 };
        },
      });
      renderInBackoffice(<ProductsSection event={null} eventId={1} />);
      const select = await screen.findByRole('combobox', { name: /^Estande/ }, FIRST_LOAD);
      expect(select).toHaveAccessibleDescription('selecione um estande para ver os seus produtos e serviços');
      expect(screen.queryByRole('table')).toBeNull();
      await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
      await userEvent.selectOptions(select, '3');

      const row = (await screen.findByRole('cell', { name: kit.title })).closest('tr') as HTMLElement;
      expect(seen.find((r) => r.url === '/api/cms/v1/products')?.params).toMatchObject({ standId: 3 });
      expect(within(row).getByRole('img', { name: 'Imagem de Kit de boas-vindas' })).toHaveAttribute('src', kit.image);
      expect(within(row).getByRole('cell', { name: 'R$ 1.234,50' })).toBeInTheDocument();
      expect(within(row).getByRole('cell', { name: 'R$ 34,50' })).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Adicionar Produto' }));
      const dialog = screen.getByRole('dialog', { name: 'Adicionar Produto' });
      expect(within(dialog).getByLabelText(/^Parcelas/)).toHaveValue(1);
      expect(within(dialog).getAllByText('R$')).toHaveLength(2);
      await userEvent.type(within(dialog).getByLabelText(/^Título/), 'Consultoria');
      await userEvent.type(within(dialog).getByLabelText(/^Descrição/), 'Uma hora com um especialista.');
      await userEvent.type(within(dialog).getByLabelText(/^Preço/), '150,50');
      await userEvent.type(within(dialog).getByLabelText(/^Texto do botão/), 'Agendar');
      await userEvent.type(within(dialog).getByLabelText(/^Link do botão/), 'https://vitalis.exemplo.com.br/agenda');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Registro criado com sucesso.'));
      expect(await screen.findByRole('cell', { name: 'Consultoria' })).toBeInTheDocument();
      const body = multipartFields(seen.find((r) => r.method === 'POST')?.data);
      expect(body).toEqual({
        standId: '3',
        title: 'Consultoria',
        description: 'Uma hora com um especialista.',
        price: '150.50',
        installments: '1',
        ctaLabel: 'Agendar',
        ctaLink: 'https://vitalis.exemplo.com.br/agenda',
      });
    },
    TYPING_TEST_TIMEOUT,
  );

  it(
    'edits a product: its amounts as typed in reais, its image removed',
    async () => {
      const seen = fakeServer({
        'GET /api/cms/v1/users/me': () => admin,
        'GET /api/cms/v1/stands': () => ({ rows: [vitalis], count: 1 }),
        'GET /api/cms/v1/products': () => ({ rows: [kit], count: 1 }),
        'PUT /api/cms/v1/products/12': () => ({ data: kit, msg: 'api.updated', status: 200 }),
      });
      renderInBackoffice(<ProductsSection event={null} eventId={1} standId={3} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Editar o produto Kit de boas-vindas' }, FIRST_LOAD));
      const dialog = screen.getByRole('dialog', { name: 'Editando Produto' });
      expect(within(dialog).getByLabelText(/^Preço/)).toHaveValue('1234,50');
      expect(within(dialog).getByLabelText(/^Desconto/)).toHaveValue('34,50');
      expect(within(dialog).getByLabelText(/^Parcelas/)).toHaveValue(3);
      await userEvent.click(within(dialog).getByRole('button', { name: /Remover imagem/ }));
      await userEvent.clear(within(dialog).getByLabelText(/^Desconto/));
      await userEvent.type(within(dialog).getByLabelText(/^Desconto/), '1.000,00');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Atualizar' }));
      await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Alterações salvas com sucesso.'));
      const body = multipartFields(seen.find((r) => r.method === 'PUT')?.data);
      expect(body).toMatchObject({ price: '1234.50', discount: '1000.00', installments: '3', removeImage: '1' });
      expect(body).not.toHaveProperty('image');
      expect(body).not.toHaveProperty('standId');
    },
    TYPING_TEST_TIMEOUT,
  );
});
