import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CERTIFICATE_TEXT_MAX, digits, eventInputSchema, formText, formUrl, mediaInputSchema } from '@plataforma/adapter';
import { maxLengthOf } from './schemaLimits';

describe('maxLengthOf', () => {
  it("reads the contract's text limits through its wrappers", () => {
    expect(maxLengthOf(eventInputSchema, 'name')).toBe(200);
    expect(maxLengthOf(eventInputSchema, 'description')).toBe(10000);
    expect(maxLengthOf(eventInputSchema, 'certificateText')).toBe(CERTIFICATE_TEXT_MAX);
    expect(maxLengthOf(eventInputSchema, 'facebook')).toBe(500);
    expect(maxLengthOf(eventInputSchema, 'replyTo')).toBe(200);
    expect(maxLengthOf(mediaInputSchema.pick({ title: true }), 'title')).toBe(200);
  });

  it('gives none for what is not a limited text, or is reshaped before it is measured', () => {
    expect(maxLengthOf(eventInputSchema, 'value')).toBeUndefined();
    expect(maxLengthOf(eventInputSchema, 'published')).toBeUndefined();
    expect(maxLengthOf(eventInputSchema, 'missing')).toBeUndefined();
    expect(maxLengthOf(z.object({ phone: digits(11) }), 'phone')).toBeUndefined();
    expect(
      maxLengthOf(
        z.object({ address: z.object({ city: formText(80), site: formUrl }) }).superRefine(() => undefined),
        'address.city',
      ),
    ).toBe(80);
  });
});
