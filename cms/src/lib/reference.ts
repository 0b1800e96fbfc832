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
