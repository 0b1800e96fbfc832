import { describe, expect, it } from 'vitest';
import { hasRequiredColumns, headerKey, mapHeaders } from './headers';

describe('import headers', () => {
  it('compares headers without case, accents, spaces or punctuation', () => {
    expect(headerKey(' E-Mail ')).toBe('email');
    expect(headerKey('Endereço')).toBe('endereco');
    expect(headerKey('Código do País')).toBe('codigodopais');
  });

  it('finds each field by its synonyms, the first column of a field winning; the rest is reported', () => {
    const map = mapHeaders(['Nome completo', 'E-MAIL', 'Celular', 'UF', 'Município', 'CEP', 'Telefone', 'Observação', '']);
    expect(map.columns).toEqual([
      { index: 0, header: 'Nome completo', field: 'name' },
      { index: 1, header: 'E-MAIL', field: 'email' },
      { index: 2, header: 'Celular', field: 'phone' },
      { index: 3, header: 'UF', field: 'state' },
      { index: 4, header: 'Município', field: 'city' },
      { index: 5, header: 'CEP', field: 'postalCode' },
    ]);
    expect(map.unknown).toEqual(['Telefone', 'Observação']);
    expect(hasRequiredColumns(map)).toBe(true);
  });

  it('knows the English headers of an exported list', () => {
    const map = mapHeaders(['Name', 'Email address', 'Phone', 'Zip code', 'Address', 'City', 'State', 'Country code']);
    expect(map.columns.map((column) => column.field)).toEqual(['name', 'email', 'phone', 'postalCode', 'address', 'city', 'state', 'ddi']);
  });

  it('needs both Nome and Email', () => {
    expect(hasRequiredColumns(mapHeaders(['Nome', 'Telefone']))).toBe(false);
    expect(hasRequiredColumns(mapHeaders(['Email']))).toBe(false);
  });
});
