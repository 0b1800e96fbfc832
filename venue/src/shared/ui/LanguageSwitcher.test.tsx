import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from '@plataforma/adapter/constants';
import { i18n, loadLanguage } from '../i18n';
import { useAppState } from '../state/store';
import { theme } from '../theme';
import { LanguageSwitcher } from './LanguageSwitcher';

const mount = () =>
  render(
    <ThemeProvider theme={theme}>
      <LanguageSwitcher />
    </ThemeProvider>,
  );

afterEach(async () => {
  vi.unstubAllGlobals();
  await loadLanguage('pt');
  useAppState.getState().setLanguage('pt');
});

describe('LanguageSwitcher', () => {
  it('offers PT, EN and German (shown DE, the pack al) with PT chosen', () => {
    mount();
    expect(screen.getByRole('group', { name: 'Idioma' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PT Português' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'EN English' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'DE Deutsch' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('offers exactly the languages of the contract, in its order', () => {
    mount();
    const choices = screen.getAllByRole('button').map((button) => button.textContent);
    expect(LANGUAGES).toEqual(['pt', 'en', 'al']);
    expect(choices).toEqual(['PT', 'EN', 'DE']);
  });

  it('picking EN fetches the uploaded pack (cache-busted), switches the texts and remembers the choice', async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ language: { label: 'Language' } }), { status: 200 }));
    vi.stubGlobal('fetch', fetcher);
    mount();
    await userEvent.click(screen.getByRole('button', { name: 'EN English' }));
    expect(await screen.findByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(String((fetcher.mock.calls[0] as unknown[])[0])).toMatch(/^\/api\/site\/v1\/languages\/en\?v=\d+$/);
    expect(screen.getByRole('button', { name: 'EN English' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('en');
    expect(useAppState.getState().language).toBe('en');
    expect(JSON.parse(localStorage.getItem('plataforma:state') as string).state.language).toBe('en');
  });

  it('stays in Portuguese, silently, when the pack is missing (DE asks for the pack al)', async () => {
    const fetcher = vi.fn(async () => new Response('{"data":null,"msg":"api.error.languageNotFound","status":404}', { status: 404 }));
    vi.stubGlobal('fetch', fetcher);
    mount();
    await userEvent.click(screen.getByRole('button', { name: 'DE Deutsch' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'DE Deutsch' })).not.toHaveAttribute('aria-busy', 'true'));
    expect(String((fetcher.mock.calls[0] as unknown[])[0])).toMatch(/^\/api\/site\/v1\/languages\/al\?v=\d+$/);
    expect(screen.getByRole('button', { name: 'PT Português' })).toHaveAttribute('aria-pressed', 'true');
    expect(i18n.language).toBe('pt');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
