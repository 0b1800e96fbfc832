import { describe, expect, it } from 'vitest';
import states from '../../database/reference/states.json';
import { placeOfCep } from './cep';

describe('the place of a CEP (issue 56, item 11)', () => {
  it('gives the state of its range, and the capital where the range is the capital’s', () => {
    expect(placeOfCep('01310-100')).toEqual({ state: 'SP', city: 'São Paulo' });
    expect(placeOfCep('13083-970')).toEqual({ state: 'SP', city: null });
    expect(placeOfCep('22041001')).toEqual({ state: 'RJ', city: 'Rio de Janeiro' });
    expect(placeOfCep('70040-010')).toEqual({ state: 'DF', city: 'Brasília' });
    expect(placeOfCep('72850-000')).toEqual({ state: 'GO', city: null });
    expect(placeOfCep('69301-000')).toEqual({ state: 'RR', city: null });
    expect(placeOfCep('69900-000')).toEqual({ state: 'AC', city: null });
    expect(placeOfCep('90010-000')).toEqual({ state: 'RS', city: 'Porto Alegre' });
  });

  it('gives nothing for an incomplete or unknown CEP', () => {
    expect(placeOfCep('0131')).toBeNull();
    expect(placeOfCep('00000-000')).toBeNull();
    expect(placeOfCep('')).toBeNull();
  });

  it('names only states and cities of the reference data, so the form can choose them', () => {
    for (let prefix = 1000; prefix <= 99999; prefix += 7) {
      const place = placeOfCep(`${String(prefix).padStart(5, '0')}000`);
      expect(place, String(prefix)).not.toBeNull();
      const state = states.find((entry) => entry.sigla === place?.state);
      expect(state, place?.state).toBeDefined();
      if (place?.city) expect(state?.cidades).toContain(place.city);
    }
  });
});
