import { PASSWORD_MIN_LENGTH } from './constants';

export const PASSWORD_RULES = ['length', 'special', 'digit', 'upper', 'lower'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** SPEC §5: at least 8 characters, a special character, a digit, an upper and a lower case letter. */
export const passwordProblems = (password: string): PasswordRule[] => {
  const problems: PasswordRule[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push('length');
  if (!/[^\p{L}\p{N}\s]/u.test(password)) problems.push('special');
  if (!/\p{N}/u.test(password)) problems.push('digit');
  if (!/\p{Lu}/u.test(password)) problems.push('upper');
  if (!/\p{Ll}/u.test(password)) problems.push('lower');
  return problems;
};
