// Regenerates the product's reference data from npm packages (run from the repo root):
//   node database/scripts/build-reference.mjs
// Writes database/reference/states.json and database/reference/countries.json (sorted, 2-space JSON,
// trailing newline). Nothing here is typed by hand: every name and code comes from a package below,
// and the self-checks at the end throw (writing nothing) if the packages ever yield something off.
//
// States and municipalities: @brazilian-utils/brazilian-utils (IBGE list with 7-digit codes, current
// names, 5571 municipalities). `estados-cidades` was checked and rejected: its list is an old one
// (DF holds 10 administrative regions, the 11 municipalities installed since 2005 are missing, several
// renamed or misspelt ones). Neither it, cidades-estados-brasil-json nor @brazilian-utils has capitals;
// easy-location-br marks them (`capital: true`), so capitals come from there and must exist in the IBGE list.
//
// Countries: world-countries (the list, ISO alpha-2/alpha-3/numeric, official Portuguese names),
// cross-checked against i18n-iso-countries; names from Unicode CLDR `pt` (= Brazilian Portuguese) as
// Node's Intl.DisplayNames ships it (full ICU), since both world-countries and i18n-iso-countries mix in European Portuguese
// (Irão, Polónia, Quénia) and i18n-iso-countries has the two Congos mixed up; calling codes from
// libphonenumber-js (Google's libphonenumber metadata).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';
import easyLocation from 'easy-location-br';
import isoCountries from 'i18n-iso-countries';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';
import worldCountries from 'world-countries';

const regionLong = new Intl.DisplayNames(['pt-BR'], { type: 'region' });
const regionShort = new Intl.DisplayNames(['pt-BR'], { type: 'region', style: 'short' });

const outDir = new URL('../reference/', import.meta.url);
const collator = new Intl.Collator('pt-BR');

// ---------- states.json ----------
const capitals = new Map();
for (const { id } of easyLocation.getAllStates()) {
  const flagged = easyLocation.getStateCities(id).filter((city) => city.capital);
  assert.equal(flagged.length, 1, `easy-location-br: ${id} should have exactly one capital`);
  capitals.set(id, flagged[0].name);
}

const states = getStates()
  .map(({ code, name }) => {
    const names = getMunicipalities(code).map((m) => m.name);
    const unique = [...new Set(names)];
    if (unique.length !== names.length) console.warn(`${code}: ${names.length - unique.length} duplicate municipality name(s) dropped`);
    const capital = capitals.get(code);
    assert.ok(capital, `no capital for ${code} in easy-location-br`);
    assert.ok(unique.includes(capital), `capital ${capital} of ${code} is not in the IBGE municipality list`);
    const rest = unique.filter((city) => city !== capital).sort(collator.compare);
    return { sigla: code, nome: name, capital, cidades: [capital, ...rest] };
  })
  .sort((a, b) => (a.sigla < b.sigla ? -1 : a.sigla > b.sigla ? 1 : 0));
states.unshift({ sigla: '', nome: 'Selecione um estado', capital: '', cidades: [] });

// ---------- countries.json ----------
// world-countries' Portuguese official names are machine-like for a few countries ("República
// português"); these are the Brazilian forms. Every other formal name comes from the packages.
const FORMAL_FIXES = {
  PT: 'República Portuguesa',
  GY: 'República Cooperativa da Guiana',
  KI: 'República de Kiribati',
  CF: 'República Centro-Africana',
  LA: 'República Democrática Popular do Laos',
  EG: 'República Árabe do Egito',
  GR: 'República Helênica',
  CZ: 'República Tcheca',
  MU: 'República de Maurício',
  UZ: 'República do Uzbequistão',
  SZ: 'Reino de Essuatíni',
};

// CLDR marks disambiguated forms ("Congo - Kinshasa", "Hong Kong, RAE da China"); for those take its
// short or variant form ("República Democrática do Congo", "Hong Kong").
const cldrName = (iso) => {
  const plain = regionLong.of(iso);
  if (!plain || plain === iso) return undefined;
  if (/, | - /.test(plain)) {
    const short = regionShort.of(iso);
    // No short form without the disambiguation ("Congo - Kinshasa"): world-countries' name is used.
    return short && !/ - /.test(short) ? short : undefined;
  }
  return plain;
};

// world-countries' Portuguese official name, brought in line with `nome`: `nome` itself where
// world-countries left it in English or gives no more than its own short name (Holanda); otherwise
// its short name inside the official one is swapped for the CLDR one when both have as many words
// (República da Polónia -> Polônia, Vietname -> Vietnã); first letter upper-cased (nova Zelândia).
const wordCount = (s) => s.split(/\s+/).length;
const formalName = (c, nome) => {
  const { common, official } = c.translations.por;
  const short = nome.replace(/ \(.*\)$/, ''); // Mianmar (Birmânia)
  let formal = official;
  if (official === c.name.official || (official === common && wordCount(nome) >= wordCount(common))) formal = nome;
  else if (common !== nome && !nome.includes(common) && wordCount(short) === wordCount(common)) formal = official.replaceAll(common, short);
  return formal.charAt(0).toUpperCase() + formal.slice(1);
};

const isoCodes = Object.keys(isoCountries.getAlpha2Codes()).sort();
assert.deepEqual(worldCountries.map((c) => c.cca2).sort(), isoCodes, 'world-countries and i18n-iso-countries list different countries');

const skipped = [];
const countries = [];
for (const c of worldCountries) {
  const iso = c.cca2;
  const codigo = Number(c.ccn3);
  // ISO 3166-1 numeric codes 900-999 are user-assigned (i18n-iso-countries gives Kosovo 983): not ISO codes.
  if (!c.ccn3 || !(codigo > 0 && codigo < 900)) {
    skipped.push(`${iso} (sem código numérico ISO 3166-1)`);
    continue;
  }
  assert.equal(isoCountries.alpha2ToAlpha3(iso), c.cca3, `alpha-3 mismatch for ${iso}`);
  assert.equal(Number(isoCountries.alpha2ToNumeric(iso)), codigo, `numeric code mismatch for ${iso}`);
  if (!isSupportedCountry(iso)) {
    skipped.push(`${iso} (sem código telefônico no libphonenumber-js)`);
    continue;
  }
  const nome = cldrName(iso) ?? c.translations.por.common;
  countries.push({
    codigo,
    fone: getCountryCallingCode(iso),
    iso,
    iso3: c.cca3,
    nome,
    nomeFormal: FORMAL_FIXES[iso] ?? formalName(c, nome),
  });
}
countries.sort((a, b) => collator.compare(a.nome, b.nome) || (a.iso < b.iso ? -1 : 1));

// ---------- self-checks ----------
assert.equal(states.length, 28, 'expected the empty choice + 27 federative units');
assert.deepEqual(states[0], { sigla: '', nome: 'Selecione um estado', capital: '', cidades: [] });
let municipalities = 0;
for (const s of states.slice(1)) {
  assert.match(s.sigla, /^[A-Z]{2}$/);
  assert.ok(s.nome && s.capital, `${s.sigla} lacks nome or capital`);
  assert.equal(s.cidades[0], s.capital, `${s.sigla}: first city must be the capital`);
  assert.equal(new Set(s.cidades).size, s.cidades.length, `${s.sigla}: duplicate cities`);
  municipalities += s.cidades.length;
}
const bySigla = Object.fromEntries(states.map((s) => [s.sigla, s]));
for (const [sigla, capital] of Object.entries({
  SP: 'São Paulo',
  RJ: 'Rio de Janeiro',
  MG: 'Belo Horizonte',
  DF: 'Brasília',
  TO: 'Palmas',
  RR: 'Boa Vista',
})) {
  assert.equal(bySigla[sigla].capital, capital, `${sigla} capital`);
}
assert.ok(municipalities >= 5560 && municipalities <= 5580, `unexpected municipality total ${municipalities}`);
assert.equal(bySigla.SP.cidades.length, 645, 'SP should have 645 municipalities');

const byIso = Object.fromEntries(countries.map((c) => [c.iso, c]));
assert.deepEqual(byIso.BR, {
  codigo: 76,
  fone: '55',
  iso: 'BR',
  iso3: 'BRA',
  nome: 'Brasil',
  nomeFormal: 'República Federativa do Brasil',
});
for (const [iso, fone] of Object.entries({ US: '1', GB: '44', PT: '351' })) assert.equal(byIso[iso]?.fone, fone, `${iso} fone`);
for (const c of countries) {
  assert.ok(c.nome && c.nomeFormal, `${c.iso}: empty nome or nomeFormal`);
  assert.match(c.fone, /^\d+$/, `${c.iso}: fone must be digits only`);
  assert.match(c.iso3, /^[A-Z]{3}$/);
}
for (const key of ['codigo', 'iso', 'iso3', 'nome'])
  assert.equal(new Set(countries.map((c) => c[key])).size, countries.length, `duplicate ${key}`);

// ---------- write ----------
fs.mkdirSync(outDir, { recursive: true });
for (const [file, data] of [
  ['states.json', states],
  ['countries.json', countries],
]) {
  const text = `${JSON.stringify(data, null, 2)}\n`;
  assert.ok(Buffer.byteLength(text) < 1_000_000, `${file} would be 1 MB or more`);
  fs.writeFileSync(new URL(file, outDir), text);
  console.log(`wrote database/reference/${file} (${Buffer.byteLength(text)} bytes)`);
}
console.log(`${states.length - 1} federative units, ${municipalities} municipalities, ${countries.length} countries`);
console.log(`skipped ${skipped.length} ISO 3166-1 entr${skipped.length === 1 ? 'y' : 'ies'}: ${skipped.sort().join(', ') || 'none'}`);
