import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import { useAppState } from '../state/store';
import { theme } from '../theme';
import { DialogHost } from './DialogHost';
import { ToastHost } from './ToastHost';

const withTheme = (node: React.ReactNode) => render(<ThemeProvider theme={theme}>{node}</ThemeProvider>);

afterEach(() => {
  act(() => {
    useAppState.getState().hideToast();
    useAppState.getState().closeDialog();
  });
});

describe('ToastHost', () => {
  it('announces success in the status region and errors in the alert region', () => {
    withTheme(<ToastHost />);
    const [alert, status] = [screen.getByRole('alert'), screen.getByRole('status')];
    expect(alert).toBeEmptyDOMElement();
    expect(status).toBeEmptyDOMElement();
    act(() => useAppState.getState().showToast('Registro criado com sucesso.', 'success'));
    expect(status).toHaveTextContent('Registro criado com sucesso.');
    expect(alert).toBeEmptyDOMElement();
    act(() => useAppState.getState().hideToast());
    act(() => useAppState.getState().showToast('Não foi possível excluir.', 'warning'));
    expect(alert).toHaveTextContent('Não foi possível excluir.');
    expect(status).toBeEmptyDOMElement();
  });

  it('closes with its button', async () => {
    withTheme(<ToastHost />);
    act(() => useAppState.getState().showToast('Salvo', 'info', 60_000));
    await userEvent.click(screen.getByRole('button', { name: 'Fechar aviso' }));
    expect(useAppState.getState().toast.show).toBe(false);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('DialogHost', () => {
  it("opens with 'Não' and 'Sim', focuses the safe button, keeps Tab inside, and Escape closes it", async () => {
    const user = userEvent.setup();
    withTheme(
      <>
        <button type="button">antes</button>
        <DialogHost />
      </>,
    );
    const before = screen.getByRole('button', { name: 'antes' });
    before.focus();
    act(() => useAppState.getState().openDialog({ header: 'Aviso', body: 'Deseja realmente excluir a categoria "Cardio"?' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Aviso' });
    expect(dialog).toHaveAccessibleDescription('Deseja realmente excluir a categoria "Cardio"?');
    const no = screen.getByRole('button', { name: 'Não' });
    const yes = screen.getByRole('button', { name: 'Sim' });
    expect(no).toHaveFocus();
    await user.tab();
    expect(yes).toHaveFocus();
    await user.tab();
    expect(no).toHaveFocus();
    await user.tab({ shift: true });
    expect(yes).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(before).toHaveFocus();
  });

  it('runs the positive action, then closes', async () => {
    const onPositive = vi.fn(async () => undefined);
    withTheme(<DialogHost />);
    act(() =>
      useAppState
        .getState()
        .openDialog({ header: 'Sair', body: 'Você deseja mesmo sair?', positiveLabel: 'Sair', negativeLabel: 'Voltar', onPositive }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(onPositive).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('the negative button closes without running the action', async () => {
    const onPositive = vi.fn();
    withTheme(<DialogHost />);
    act(() => useAppState.getState().openDialog({ header: 'Aviso', body: 'Excluir?', onPositive }));
    await userEvent.click(screen.getByRole('button', { name: 'Não' }));
    expect(onPositive).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
