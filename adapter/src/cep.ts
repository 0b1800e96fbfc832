/**
 * The state (and, for the largest capitals, the city) a CEP belongs to, from the Correios' ranges
 * of CEP by federative unit (issue 56, item 11: a CEP filled nothing). A street address needs the
 * Correios' own base, which the product does not have: only the state, and the city where the
 * whole range is one municipality's, are filled. Ranges are of the CEP's first five digits,
 * inclusive; a state with two ranges (DF and GO interleave, AM surrounds RR, RO's second follows MT) lists both.
 */
const STATE_RANGES: ReadonlyArray<readonly [from: number, to: number, state: string]> = [
  [1000, 19999, 'SP'],
  [20000, 28999, 'RJ'],
  [29000, 29999, 'ES'],
  [30000, 39999, 'MG'],
  [40000, 48999, 'BA'],
  [49000, 49999, 'SE'],
  [50000, 56999, 'PE'],
  [57000, 57999, 'AL'],
  [58000, 58999, 'PB'],
  [59000, 59999, 'RN'],
  [60000, 63999, 'CE'],
  [64000, 64999, 'PI'],
  [65000, 65999, 'MA'],
  [66000, 68899, 'PA'],
  [68900, 68999, 'AP'],
  [69000, 69299, 'AM'],
  [69300, 69399, 'RR'],
  [69400, 69899, 'AM'],
  [69900, 69999, 'AC'],
  [70000, 72799, 'DF'],
  [72800, 72999, 'GO'],
  [73000, 73699, 'DF'],
  [73700, 76799, 'GO'],
  [76800, 76999, 'RO'],
  [77000, 77999, 'TO'],
  [78000, 78899, 'MT'],
  [78900, 78999, 'RO'],
  [79000, 79999, 'MS'],
  [80000, 87999, 'PR'],
  [88000, 89999, 'SC'],
  [90000, 99999, 'RS'],
];

/**
 * The capitals whose CEP range is theirs alone (the rest of a state's range is its other
 * municipalities'); the names are the IBGE's, as `database/reference/states.json` spells them.
 */
const CITY_RANGES: ReadonlyArray<readonly [from: number, to: number, state: string, city: string]> = [
  [1000, 5999, 'SP', 'São Paulo'],
  [8000, 8499, 'SP', 'São Paulo'],
  [20000, 23799, 'RJ', 'Rio de Janeiro'],
  [30000, 31999, 'MG', 'Belo Horizonte'],
  [40000, 42599, 'BA', 'Salvador'],
  [50000, 52999, 'PE', 'Recife'],
  [60000, 61599, 'CE', 'Fortaleza'],
  [66000, 66999, 'PA', 'Belém'],
  [69000, 69099, 'AM', 'Manaus'],
  [70000, 72799, 'DF', 'Brasília'],
  [73000, 73699, 'DF', 'Brasília'],
  [74000, 74899, 'GO', 'Goiânia'],
  [80000, 82999, 'PR', 'Curitiba'],
  [90000, 91999, 'RS', 'Porto Alegre'],
];

/** The place of a CEP (8 digits, any mask): its state, and its city where the range says; null for anything else. */
export const placeOfCep = (cep: string): { state: string; city: string | null } | null => {
  const digits = cep.replace(/\D/g, '');
  if (digits.length !== 8) return null;
  const prefix = Number(digits.slice(0, 5));
  const state = STATE_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[2];
  if (!state) return null;
  const city = CITY_RANGES.find(([from, to]) => prefix >= from && prefix <= to)?.[3] ?? null;
  return { state, city };
};

/** Whether a city is one a CEP range names (a capital above): a CEP of its state outside that range is of another city. */
export const isRangeCity = (state: string, city: string): boolean =>
  CITY_RANGES.some(([, , rangeState, rangeCity]) => rangeState === state && rangeCity === city);
