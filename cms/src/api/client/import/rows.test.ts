import { describe, expect, it } from 'vitest';
import { mapHeaders } from './headers';
import { checkRow } from './rows';
import { numberText } from './reader';
import { spreadsheetFormat } from './formats';
import { columnIndex, partPath } from './xlsx';

const { columns } = mapHeaders(['Nome', 'Email', 'Telefone', 'CPF', 'CEP', 'Endereço', 'Cidade', 'UF', 'DDI']);
const row = (cells: Partial<Record<'name' | 'email' | 'phone' | 'cpf' | 'cep' | 'address' | 'city' | 'state' | 'ddi', string>>) =>
  checkRow(
    9,
    [
      cells.name ?? '',
      cells.email ?? '',
      cells.phone ?? '',
      cells.cpf ?? '',
      cells.cep ?? '',
      cells.address ?? '',
      cells.city ?? '',
      cells.state ?? '',
      cells.ddi ?? '',
    ],
    columns,
  );

describe('an imported row', () => {
  it('forgives what people type: masks, a state by name, a city without accents, +55 in front of the phone', () => {
    expect(
      row({
        name: ' Ana   Souza ',
        email: ' Ana@Exemplo.COM.br',
        phone: '+55 (11) 9 8765-4321',
        cpf: '529.982.247-25',
        cep: '01310-100',
        city: 'sao paulo',
        state: 'são paulo',
      }),
    ).toEqual({
      ok: true,
      data: {
        name: 'Ana Souza',
        email: 'ana@exemplo.com.br',
        cpf: '52998224725',
        postalCode: '01310100',
        ddi: '55',
        ddd: '11',
        phone: '987654321',
        state: 'SP',
        city: 'São Paulo',
      },
    });
  });

  it('gives back the leading zeros a spreadsheet number took from a CPF or a CEP', () => {
    const outcome = row({ name: 'Ana', email: 'a@exemplo.com.br', cpf: '1234567890', cep: '1310100' });
    expect(outcome).toMatchObject({ ok: true, data: { cpf: '01234567890', postalCode: '01310100' } });
  });

  it('reports every problem of the row with its column, key and cell', () => {
    expect(
      row({ name: '', email: 'sem-arroba', cpf: '111.111.111-11', cep: '123', phone: '(11) 1234', state: 'XX', city: 'Lugar' }),
    ).toEqual({
      ok: false,
      rejects: [
        { row: 9, column: 'Nome', key: 'clients.import.missingName', value: null },
        { row: 9, column: 'Email', key: 'clients.import.invalidEmail', value: 'sem-arroba' },
        { row: 9, column: 'CEP', key: 'clients.error.invalidCep', value: '123' },
        { row: 9, column: 'CPF', key: 'clients.error.invalidCpf', value: '111.111.111-11' },
        { row: 9, column: 'Telefone', key: 'clients.error.invalidPhone', value: '(11) 1234' },
        { row: 9, column: 'UF', key: 'clients.error.invalidState', value: 'XX' },
      ],
    });
  });

  it('refuses a city of another state, and a city without a state', () => {
    expect(row({ name: 'A', email: 'a@exemplo.com.br', city: 'Curitiba', state: 'SP' })).toMatchObject({
      ok: false,
      rejects: [{ column: 'Cidade', key: 'clients.error.invalidCity' }],
    });
    expect(row({ name: 'A', email: 'a@exemplo.com.br', city: 'Curitiba' })).toMatchObject({
      ok: false,
      rejects: [{ key: 'clients.error.invalidCity' }],
    });
  });

  it('refuses a phone outside SMS_COUNTRIES (default 55), and cuts a long cell in the report', () => {
    expect(row({ name: 'Lúcia', email: 'l@exemplo.com.br', ddi: '49', phone: '1701234567' })).toMatchObject({
      ok: false,
      rejects: [{ key: 'auth.error.smsCountry' }],
    });
    const long = row({ name: 'x'.repeat(250), email: 'l@exemplo.com.br' });
    expect(long).toMatchObject({ ok: false, rejects: [{ key: 'clients.import.tooLong' }] });
    expect(long.ok ? '' : long.rejects[0].value).toHaveLength(101);
  });
});

describe('spreadsheet cells and parts', () => {
  it('writes a number cell as typed', () => {
    expect(numberText('1.1987654321E10')).toBe('11987654321');
    expect(numberText('52998224725')).toBe('52998224725');
    expect(numberText('3.5')).toBe('3.5');
  });

  it('reads a cell reference and a relation target', () => {
    expect(columnIndex('A1')).toBe(0);
    expect(columnIndex('AB12')).toBe(27);
    expect(columnIndex(undefined)).toBe(-1);
    expect(partPath('worksheets/sheet1.xml')).toBe('xl/worksheets/sheet1.xml');
    expect(partPath('/xl/worksheets/sheet2.xml')).toBe('xl/worksheets/sheet2.xml');
    expect(partPath('../xl/sharedStrings.xml')).toBe('xl/sharedStrings.xml');
  });

  it('knows a spreadsheet by its bytes', () => {
    expect(spreadsheetFormat(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14]))).toBe('xlsx');
    expect(spreadsheetFormat(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('xls');
    expect(spreadsheetFormat(Buffer.from('Nome;Email\r\n'))).toBe('csv');
    expect(spreadsheetFormat(Buffer.from('%PDF-1.7\n'))).toBeNull();
    expect(spreadsheetFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBeNull();
  });
});

describe('writing new clients', () => {
  it('quotes and escapes the texts of a PostgreSQL array literal', async () => {
    const { pgTextArray, documentId } = await import('./jobs');
    expect(pgTextArray(['Ana "Nina"', 'C:\\pasta', null, 'São Paulo, SP'])).toBe('{"Ana \\"Nina\\"","C:\\\\pasta",NULL,"São Paulo, SP"}');
    expect(documentId()).toMatch(/^[a-z][a-z0-9]{23}$/);
    expect(new Set(Array.from({ length: 1000 }, documentId)).size).toBe(1000);
  });
});
