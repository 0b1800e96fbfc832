import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTER, fieldOfKey, maskCep, maskCpf, registerInput, registerProblems, returnPath } from './register';

const valid = {
  ...EMPTY_REGISTER,
  name: ' Maria ',
  email: 'maria@exemplo.com.br',
  password: 'Maria#2026x',
  passwordConfirm: 'Maria#2026x',
  acceptTerms: true,
};

describe('the registration form', () => {
  it('masks CPF and CEP as they are typed', () => {
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('529.982.247-2599')).toBe('529.982.247-25');
    expect(maskCep('01310100')).toBe('01310-100');
    expect(maskCep('0131')).toBe('0131');
  });

  it('names each wrong field with the key the server would use', () => {
    expect(registerProblems(valid)).toEqual({});
    expect(
      registerProblems({
        ...valid,
        name: ' ',
        email: 'maria@',
        cpf: '529.98',
        phone: '(11) 9',
        postalCode: '0131',
        password: 'abc',
        passwordConfirm: 'x',
      }),
    ).toEqual({
      name: 'site.register.error.name',
      email: 'site.register.error.email',
      cpf: 'clients.error.invalidCpf',
      phone: 'clients.error.invalidPhone',
      postalCode: 'clients.error.invalidCep',
      password: 'auth.error.passwordRules',
    });
    // The terms and the privacy notice (LGPD; issue 56, item 11).
    expect(registerProblems({ ...valid, acceptTerms: false })).toEqual({ acceptTerms: 'site.register.error.terms' });
    expect(registerProblems({ ...valid, passwordConfirm: 'Maria#2026y' })).toEqual({ passwordConfirm: 'auth.error.passwordMismatch' });
    // A number abroad is not held to the Brazilian length.
    expect(registerProblems({ ...valid, ddi: '351', phone: '912345678' })).toEqual({});
  });

  it('sends digits, leaves blanks out, and the country code only with a phone', () => {
    expect(
      registerInput({
        ...valid,
        cpf: '529.982.247-25',
        phone: '(11) 9 8765-4321',
        postalCode: '01310-100',
        state: 'SP',
        city: 'São Paulo',
      }),
    ).toEqual({
      name: 'Maria',
      email: 'maria@exemplo.com.br',
      cpf: '52998224725',
      ddi: '55',
      phone: '11987654321',
      postalCode: '01310100',
      address: undefined,
      state: 'SP',
      city: 'São Paulo',
      password: 'Maria#2026x',
      passwordConfirm: 'Maria#2026x',
      acceptTerms: true,
    });
    expect(registerInput(valid)).toMatchObject({ ddi: undefined, phone: undefined, cpf: undefined });
  });

  it('puts a server refusal under its field', () => {
    expect(fieldOfKey('auth.error.emailTaken')).toBe('email');
    expect(fieldOfKey('clients.error.invalidCity')).toBe('city');
    expect(fieldOfKey('api.error.tooManyRequests')).toBeNull();
  });

  it('goes back only to a path of this site', () => {
    const hall = '/plataforma/1/hall-entrada';
    expect(returnPath('/plataforma/1/estande/2', hall)).toBe('/plataforma/1/estande/2');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'plataforma', '', null, '/x\r\nSet-Cookie: a'])
      expect(returnPath(bad, hall)).toBe(hall);
  });
});
