import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { couponInputSchema } from './contracts/coupon';
import { categoryInputSchema } from './contracts/category';
import { emailSchema, formCount, formId, formRequiredText, formUrl } from './contracts/common';
import { EMAIL_PATTERN, FIELD_ERROR_KEYS, fieldError, isEmail, type FieldError } from './field-rules';

/** The message of each field a schema refuses, as the back office's forms ask zod for it (an error map). */
const errorsOf = (schema: z.ZodType, input: unknown): Record<string, FieldError> => {
  const found: Record<string, FieldError> = {};
  const parsed = schema.safeParse(input, {
    error: (issue) => {
      const path = [...(issue.path ?? [])].join('.');
      found[path] ??= fieldError(issue);
      return undefined;
    },
  });
  expect(parsed.success).toBe(false);
  // Zod finalises the issues, running the error map, when they are read.
  expect(parsed.error?.issues.length).toBeGreaterThan(0);
  return found;
};

describe('the message of a refused field', () => {
  it('asks to fill in an empty or blank field, whatever rule it broke', () => {
    const schema = z.object({
      name: formRequiredText(120),
      email: emailSchema,
      roomId: formId,
      kind: z.enum(['a', 'b']),
      other: z.string(),
    });
    const errors = errorsOf(schema, { name: '   ', email: '', roomId: '', kind: '' });
    expect(errors).toEqual({
      name: { key: FIELD_ERROR_KEYS.required },
      email: { key: FIELD_ERROR_KEYS.required },
      roomId: { key: FIELD_ERROR_KEYS.required },
      kind: { key: FIELD_ERROR_KEYS.required },
      other: { key: FIELD_ERROR_KEYS.required },
    });
  });

  it('names the limit of a text too long or too short, and of a number too high or too low', () => {
    const schema = z.object({ name: formRequiredText(5), code: z.string().min(3), amount: formCount, percent: z.number().max(100) });
    expect(errorsOf(schema, { name: 'abcdef', code: 'ab', amount: '-3', percent: 101 })).toEqual({
      name: { key: FIELD_ERROR_KEYS.tooLong, values: { max: 5 } },
      code: { key: FIELD_ERROR_KEYS.tooShort, values: { min: 3 } },
      // '-3' is not a count's digits: it stays text, and a number was expected.
      amount: { key: FIELD_ERROR_KEYS.number },
      percent: { key: FIELD_ERROR_KEYS.tooHigh, values: { max: 100 } },
    });
    expect(errorsOf(z.object({ n: z.number().min(1) }), { n: 0 })).toEqual({ n: { key: FIELD_ERROR_KEYS.tooLow, values: { min: 1 } } });
  });

  it('says what an e-mail and a web address look like', () => {
    const schema = z.object({ email: emailSchema, link: formUrl });
    expect(errorsOf(schema, { email: 'ana@', link: 'www.exemplo.com.br' })).toEqual({
      email: { key: FIELD_ERROR_KEYS.email },
      link: { key: FIELD_ERROR_KEYS.url },
    });
  });

  it("reads the adapter's own form schemas", () => {
    expect(errorsOf(categoryInputSchema, { name: '', description: 'x'.repeat(5000) })).toMatchObject({
      name: { key: FIELD_ERROR_KEYS.required },
      description: { key: FIELD_ERROR_KEYS.tooLong },
    });
    expect(errorsOf(couponInputSchema, { code: 'tem espaço', value: '10', percent: 1, amount: '1', expiresAt: '' })).toMatchObject({
      code: { key: FIELD_ERROR_KEYS.invalid },
    });
    // A percentage over 100: a refinement that names its limit.
    expect(errorsOf(couponInputSchema, { eventId: 3, code: 'BEMVINDO', value: '150', percent: 1 })).toEqual({
      value: { key: FIELD_ERROR_KEYS.tooHigh, values: { max: 100 } },
    });
  });

  it("falls back to 'Valor inválido.' for any other rule", () => {
    expect(fieldError({ code: 'invalid_format', format: 'regex', pattern: '/^\\d+$/', input: 'x' })).toEqual({
      key: FIELD_ERROR_KEYS.invalid,
    });
    expect(fieldError({ code: 'custom', input: 'x' })).toEqual({ key: FIELD_ERROR_KEYS.invalid });
    expect(fieldError({ code: 'invalid_type', expected: 'boolean', input: 'x' })).toEqual({ key: FIELD_ERROR_KEYS.invalid });
  });
});

describe('the e-mail check of the browser', () => {
  const samples = [
    'ana.souza@exemplo.com.br',
    'ana@',
    'ana@exemplo',
    '@exemplo.com',
    'a b@exemplo.com',
    'ana+x@exemplo.co',
    '.ana@exemplo.com',
    'ana@exemplo..com',
  ];

  it("is zod's own e-mail pattern, the one emailSchema uses", () => {
    // The same pattern, written without the escapes a linter calls useless ('\-' at the end of a class).
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source.replace(/\\-/g, '-'));
    for (const sample of samples) expect([sample, isEmail(sample)]).toEqual([sample, emailSchema.safeParse(sample).success]);
  });

  it('trims, and refuses what is longer than the schema takes', () => {
    expect(isEmail('  ana@exemplo.com  ')).toBe(true);
    expect(isEmail(`${'a'.repeat(195)}@x.com`)).toBe(false);
  });
});
