import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './app-root';

/** A Brazilian state of the reference data (`database/reference/states.json`, SPEC §3). */
export interface ReferenceState {
  sigla: string;
  nome: string;
  capital: string;
  cidades: string[];
}

let cities: Map<string, Set<string>> | undefined;

/** The cities of each state code, read once from the reference data the venue's form also reads. */
const citiesByState = (): Map<string, Set<string>> => {
  if (cities) return cities;
  const file = path.join(repoRoot(), 'database', 'reference', 'states.json');
  const states = JSON.parse(fs.readFileSync(file, 'utf8')) as ReferenceState[];
  cities = new Map(states.filter((state) => state.sigla).map((state) => [state.sigla, new Set(state.cidades)]));
  return cities;
};

/** Whether a code names one of the 27 federative units ('SP', 'DF'). */
export const isStateCode = (code: string): boolean => citiesByState().has(code);

/** Whether a city (its IBGE name, as the form's select offers it) belongs to a state. */
export const isCityOf = (state: string, city: string): boolean => citiesByState().get(state)?.has(city) ?? false;

/** How names are compared when typed by hand: no accents, case or extra spaces ('são  paulo' = 'São Paulo'). */
const loose = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

let looseIndex: { states: Map<string, string>; cities: Map<string, Map<string, string>> } | undefined;

const looseLookup = () => {
  if (looseIndex) return looseIndex;
  const file = path.join(repoRoot(), 'database', 'reference', 'states.json');
  const states = (JSON.parse(fs.readFileSync(file, 'utf8')) as ReferenceState[]).filter((state) => state.sigla);
  looseIndex = {
    states: new Map(states.flatMap((state) => [[loose(state.sigla), state.sigla] as const, [loose(state.nome), state.sigla] as const])),
    cities: new Map(states.map((state) => [state.sigla, new Map(state.cidades.map((city) => [loose(city), city]))])),
  };
  return looseIndex;
};

/** The state code a spreadsheet cell names, by code or by name ('sp', 'São Paulo' → 'SP'); null when none. */
export const stateCodeOf = (text: string): string | null => looseLookup().states.get(loose(text)) ?? null;

/** A city of a state as the reference data spells it ('sao paulo' → 'São Paulo'); null when the state has no such city. */
export const cityOf = (state: string, text: string): string | null => looseLookup().cities.get(state)?.get(loose(text)) ?? null;
