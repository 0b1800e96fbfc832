import type { ImportField } from '@plataforma/adapter';

/** A header as compared: lower case, without accents, spaces or punctuation ('E-mail ' → 'email', 'Endereço' → 'endereco'). */
export const headerKey = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * The headers each field is recognised by (compared as `headerKey`s), in Portuguese and in
 * English, as ticketing systems and medical societies write them.
 */
const SYNONYMS: Readonly<Record<ImportField, readonly string[]>> = {
  name: ['nome', 'name', 'nomecompleto', 'fullname', 'nomedocliente', 'cliente', 'participante', 'inscrito'],
  email: ['email', 'mail', 'emailaddress', 'enderecodeemail', 'correioeletronico'],
  phone: ['telefone', 'celular', 'phone', 'fone', 'tel', 'whatsapp', 'mobile', 'telefonecelular', 'phonenumber', 'numero'],
  cpf: ['cpf', 'numerocpf', 'cpfdocliente'],
  postalCode: ['cep', 'postalcode', 'zip', 'zipcode', 'codigopostal'],
  address: ['endereco', 'address', 'logradouro', 'rua'],
  city: ['cidade', 'city', 'municipio'],
  state: ['uf', 'estado', 'state'],
  ddi: ['ddi', 'codigodopais', 'codigopais', 'countrycode'],
  ddd: ['ddd', 'areacode'],
};

const FIELD_OF = new Map<string, ImportField>(
  (Object.entries(SYNONYMS) as Array<[ImportField, readonly string[]]>).flatMap(([field, names]) =>
    names.map((name) => [name, field] as const),
  ),
);

export interface ImportColumn {
  /** Its position in a row. */
  index: number;
  /** The header as the file wrote it. */
  header: string;
  field: ImportField;
}

export interface ColumnMap {
  columns: ImportColumn[];
  /** Headers not recognised, or a second column for a field already found (their cells are ignored). */
  unknown: string[];
}

/** The columns of a header row: each recognised header with its field (the first column of a field wins). */
export const mapHeaders = (headers: readonly string[]): ColumnMap => {
  const columns: ImportColumn[] = [];
  const unknown: string[] = [];
  const taken = new Set<ImportField>();
  headers.forEach((raw, index) => {
    const header = raw.trim();
    if (!header) return;
    const field = FIELD_OF.get(headerKey(header));
    if (field && !taken.has(field)) {
      taken.add(field);
      columns.push({ index, header, field });
    } else unknown.push(header);
  });
  return { columns, unknown };
};

/** Whether a header row names the two fields a client needs. */
export const hasRequiredColumns = (map: ColumnMap): boolean =>
  map.columns.some((column) => column.field === 'name') && map.columns.some((column) => column.field === 'email');
