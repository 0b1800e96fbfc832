import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { clientAdminInputSchema, clientProfileSchema } from './client';
import { eventInputSchema } from './event';
import { productInputSchema } from './product';
import { roomInputSchema } from './room';
import { sponsorInputSchema } from './sponsor';
import { standInputSchema } from './stand';

// Issue 47: sponsors' `link` and products' `ctaLink` took `javascript:` through a full-access API
// token. Every field of the contract the venue or the site shows as a link takes a web address
// only (http or https), so the back office, the Content Manager and the content API, which all
// parse with these schemas, refuse the rest alike (decision 077).
const LINK_FIELDS: Array<[string, z.ZodObject, string[]]> = [
  ['sponsor', sponsorInputSchema, ['link']],
  ['product', productInputSchema, ['ctaLink']],
  ['stand', standInputSchema, ['facebook', 'instagram', 'youtube', 'symposium', 'negotiation', 'website']],
  [
    'event',
    eventInputSchema,
    [
      'facebook',
      'twitter',
      'linkedIn',
      'messagingLink',
      'programmeLink',
      'goldMeetingLink',
      'silverMeetingLink',
      'posterSiteLink',
      'infoPdf',
      'mapPdf',
      'speakersPdf',
    ],
  ],
  ['room', roomInputSchema, ['link']],
  ['client profile', clientProfileSchema, ['facebook', 'twitter', 'linkedIn']],
  ['client (back office)', clientAdminInputSchema, ['facebook', 'twitter', 'linkedIn']],
];

const REFUSED = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/x',
  'www.exemplo.com.br',
  'https://exemplo.com.br/ com espaço',
];

describe.each(LINK_FIELDS)('the %s form', (_name, schema, fields) => {
  it.each(fields)('takes only http and https web addresses in %s', (field) => {
    const shape = schema.shape[field] as z.ZodType;
    for (const value of REFUSED) expect(shape.safeParse(value).success, `${field}: ${value}`).toBe(false);
    expect(shape.parse('https://www.exemplo.com.br/pagina?x=1')).toBe('https://www.exemplo.com.br/pagina?x=1');
    expect(shape.parse('  http://exemplo.com.br  ')).toBe('http://exemplo.com.br');
    expect(shape.parse('HTTPS://EXEMPLO.COM.BR')).toBe('HTTPS://EXEMPLO.COM.BR');
    // Blank clears the link; leaving it out changes nothing.
    expect(shape.parse('')).toBeNull();
    expect(shape.parse(undefined)).toBeUndefined();
  });
});
