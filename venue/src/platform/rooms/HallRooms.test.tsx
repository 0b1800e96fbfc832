import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Room } from '@plataforma/adapter';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { renderAt, signInVisitor, mockVenueApi } from '../../testing/render';

const rooms =
  (count: number) =>
  (offset: number, limit: number): { rows: Room[]; count: number } => ({
    rows: Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, i) => ({
      id: offset + i + 1,
      eventId: 1,
      name: `Auditório ${offset + i + 1}`,
      link: null,
      slug: '',
      number: offset + i + 1,
    })),
    count,
  });

mockVenueApi();

describe('hall-salas', () => {
  it('pages three rooms at a time after 500 ms, numbers them by offset, marks empty places, and hides forward on the last page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInVisitor();
    const list = vi
      .spyOn(api.site.rooms, 'list')
      .mockImplementation(async (_eventId, query = {}) => rooms(5)(query.offset ?? 0, query.limit ?? 3));
    renderAt('/plataforma/1/hall-salas');
    const page = await screen.findByRole('list', { name: 'Salas desta página' });
    expect(await within(page).findByText('Sala 1')).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: /Auditório 1/ })).toHaveAttribute('href', '/plataforma/1/salas/1');

    fireEvent.click(screen.getByRole('button', { name: /Próximas salas/ }));
    // While the page turns: placeholders, no forward button.
    expect(screen.queryByRole('button', { name: /Próximas salas/ })).toBeNull();
    expect(screen.getAllByTestId('room-placeholder')).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(await screen.findByText('Sala 4')).toBeInTheDocument();
    expect(screen.getByText('Sala 5')).toBeInTheDocument();
    expect(screen.getByText('Sala desocupada')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(1, { offset: 3, limit: 3 });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.queryByRole('button', { name: /Próximas salas/ })).toBeNull();

    fireEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Voltar' }));
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(await screen.findByText('Sala 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Próximas salas/ })).toBeInTheDocument();
  });

  it('goes back in history from the first page', async () => {
    signInVisitor();
    vi.spyOn(api.site.rooms, 'list').mockResolvedValue(rooms(2)(0, 3));
    const router = renderAt('/plataforma/1/congresso/1', '/plataforma/1/hall-salas');
    await screen.findByText('Sala 1');
    await userEvent.click(within(screen.getByRole('main')).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/plataforma/1/congresso/1'));
  });
});
