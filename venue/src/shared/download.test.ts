import { describe, expect, it } from 'vitest';
import { dispositionFileName } from './download';

describe('dispositionFileName', () => {
  it('reads a plain quoted name', () => {
    expect(dispositionFileName('attachment; filename="clientes-2026-11-24.csv"')).toBe('clientes-2026-11-24.csv');
  });

  it("prefers the UTF-8 name (RFC 6266 filename*), so a report of 'inscrições.xlsx' keeps its accents", () => {
    expect(
      dispositionFileName(
        `attachment; filename="relatorio-importacao-1-inscricoes.xlsx"; filename*=UTF-8''relatorio-importacao-1-inscri%C3%A7%C3%B5es.xlsx`,
      ),
    ).toBe('relatorio-importacao-1-inscrições.xlsx');
  });

  it('falls back to the quoted name when the UTF-8 one is malformed, and gives nothing without a header', () => {
    expect(dispositionFileName(`attachment; filename="relatorio.xlsx"; filename*=UTF-8''rel%E9`)).toBe('relatorio.xlsx');
    expect(dispositionFileName(undefined)).toBeUndefined();
  });
});
