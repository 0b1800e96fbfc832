import { LANGUAGES } from '@plataforma/adapter';
import { describe, expect, it } from 'vitest';
import { translator } from '../texts';
import { certificateIssuedTemplate } from './certificate';
import { formatBRL } from './format';
import { EMAIL_TEMPLATES } from './index';
import { renderEmail, type Brand } from './layout';
import { orderCreatedTemplate, orderExpiredTemplate, orderPaidTemplate, orderRefundedTemplate, PIX_QR_CID } from './orders';

// The order and certificate messages (issue 49 item 3, decision 109) drawn with the packs the
// platform ships: both parts, every text escaped, each language, no key missing from any pack.
const order = {
  name: 'Ana <b>Souza</b>',
  number: 'PE-000012',
  eventName: 'Congresso <Sepse> & Cia',
  items: [
    { description: 'Palestra "Abertura"', total: '1200.00' },
    { description: 'Palestra Barata', total: '40.00' },
  ],
  subtotal: '1240.00',
  couponCode: 'PCT10',
  couponDiscount: '124.00',
  total: '1116.00',
  timezone: 'America/Sao_Paulo',
  url: 'https://eventos.exemplo.com.br/meus-pedidos/12',
};
const pixCode = '00020101021226830014br.gov.bcb.pix<&>6304ABCD';
const brand = (language: Brand['language']): Brand => ({ name: 'Congresso <Sepse> & Cia', color: '#0f766e', language });

const draw = (template: { compose: (...args: never[]) => unknown }, data: unknown, language: Brand['language']) => {
  const missing: string[] = [];
  const t = translator(language, (message) => missing.push(message));
  const content = (template.compose as (t: unknown, data: unknown, brand: Brand) => Parameters<typeof renderEmail>[0])(
    t,
    data,
    brand(language),
  );
  return { content, ...renderEmail(content, brand(language), t), missing };
};

describe('money in e-mails', () => {
  it('writes reais as the venue does, by language', () => {
    expect(formatBRL('1200.00', 'pt')).toBe('R$ 1.200,00');
    expect(formatBRL('1200.00', 'al')).toBe('R$ 1.200,00');
    expect(formatBRL('1200.00', 'en')).toBe('R$ 1,200.00');
  });
});

describe('order and certificate messages', () => {
  it('are registered by name, transactional', () => {
    for (const name of ['orderCreated', 'orderPaid', 'orderExpired', 'orderRefunded', 'certificateIssued'] as const)
      expect(EMAIL_TEMPLATES[name]).toMatchObject({ name, category: 'transactional' });
  });

  for (const language of LANGUAGES)
    it(`have every text in the ${language} pack, in both parts`, () => {
      const all = [
        draw(orderCreatedTemplate, { ...order, pixCode, expiresAt: '2026-11-28T02:30:00.000Z' }, language),
        draw(orderPaidTemplate, { ...order, paidAt: '2026-11-28T13:05:00.000Z' }, language),
        draw(orderExpiredTemplate, order, language),
        draw(orderRefundedTemplate, order, language),
        draw(
          certificateIssuedTemplate,
          { name: 'Ana', eventName: 'Congresso', code: 'ABCD-EFGH', url: 'https://eventos.exemplo.com.br/certificados/ABCD-EFGH' },
          language,
        ),
      ];
      for (const one of all) {
        expect(one.missing).toEqual([]);
        // No placeholder left unfilled, no key answered as itself.
        expect(one.text).not.toMatch(/\{\{|email\.\w+\./);
        expect(one.content.subject.length).toBeGreaterThan(5);
      }
      // English keeps its own words (not PT's fallback).
      if (language === 'en') expect(all[1].content.subject).toBe('Payment confirmed: order PE-000012 — Congresso <Sepse> & Cia');
      if (language === 'al') expect(all[2].content.subject).toBe('Bestellung PE-000012 abgelaufen — Congresso <Sepse> & Cia');
    });

  it('created: the code to copy, its QR inline and the expiry in the event’s zone; all escaped in HTML, as typed in text', () => {
    const { html, text } = draw(orderCreatedTemplate, { ...order, pixCode, expiresAt: '2026-11-28T02:30:00.000Z' }, 'pt');
    expect(html).toContain(`src="cid:${PIX_QR_CID}"`);
    expect(html).toContain('alt="QR Code do PIX deste pedido"');
    expect(html).toContain('00020101021226830014br.gov.bcb.pix&lt;&amp;&gt;6304ABCD');
    expect(html).not.toContain('<Sepse>');
    expect(html).toContain('Congresso &lt;Sepse&gt; &amp; Cia');
    expect(html).toContain('Olá, Ana &lt;b&gt;Souza&lt;/b&gt;!');
    expect(text).toContain(`PIX Copia e Cola:\n${pixCode}`);
    // 02:30 UTC is 23:30 the day before in São Paulo.
    expect(text).toContain('O código vale até 27-11-2026 23:30');
    expect(text).toContain('Total: R$ 1.116,00');
  });

  it('created: the QR is a PNG attachment of the code, shown by its content id', async () => {
    const files = await orderCreatedTemplate.attachments!({ ...order, pixCode, expiresAt: '2026-11-28T02:30:00.000Z' }, {} as never);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ cid: PIX_QR_CID, contentType: 'image/png', filename: 'pix-qr.png' });
    expect(files[0].content.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('paid: a receipt with each item, the coupon and the total', () => {
    const { text, html } = draw(orderPaidTemplate, { ...order, paidAt: '2026-11-28T13:05:00.000Z' }, 'pt');
    expect(text).toContain('Palestra "Abertura": R$ 1.200,00');
    expect(text).toContain('Palestra Barata: R$ 40,00');
    expect(text).toContain('Subtotal: R$ 1.240,00');
    expect(text).toContain('Cupom PCT10: − R$ 124,00');
    expect(text).toContain('Total: R$ 1.116,00');
    expect(text).toContain('Pago em: 28-11-2026 10:05');
    expect(html).toContain('Palestra &quot;Abertura&quot;');
    // The order's page on the site, as the button and written out.
    expect(text).toContain('Ver o pedido:\nhttps://eventos.exemplo.com.br/meus-pedidos/12');
    expect(html).toContain('href="https://eventos.exemplo.com.br/meus-pedidos/12"');
    const en = draw(orderPaidTemplate, { ...order, paidAt: '2026-11-28T13:05:00.000Z' }, 'en').text;
    expect(en).toContain('Coupon PCT10: − R$ 124.00');
    expect(en).toContain('Total: R$ 1,116.00');
  });

  it('paid without a coupon: no subtotal or coupon rows', () => {
    const { text } = draw(
      orderPaidTemplate,
      { ...order, couponCode: null, couponDiscount: '0.00', total: '1240.00', paidAt: '2026-11-28T13:05:00.000Z' },
      'pt',
    );
    expect(text).not.toMatch(/Cupom|Subtotal/);
    expect(text).toContain('Total: R$ 1.240,00');
  });

  it('expired and refunded say what happened to the order and its total', () => {
    expect(draw(orderExpiredTemplate, order, 'pt').text).toContain('o pedido expirou');
    const refunded = draw(orderRefundedTemplate, order, 'pt').text;
    expect(refunded).toContain('foi reembolsado: R$ 1.116,00 voltam');
    expect(refunded).toContain('O acesso que esse pedido dava foi encerrado.');
  });

  it('certificate issued: the link as the button and written out, the code', () => {
    const url = 'https://eventos.exemplo.com.br/certificados/ABCD-EFGH';
    const { html, text } = draw(certificateIssuedTemplate, { name: 'Ana & Bia', eventName: 'Congresso <X>', code: 'ABCD-EFGH', url }, 'al');
    expect(html).toContain(`href="${url}"`);
    expect(html).toContain('Herzlichen Glückwunsch, Ana &amp; Bia!');
    expect(html).toContain('für Congresso &lt;X&gt;');
    expect(text).toContain(`Zertifikat ansehen:\n${url}`);
    expect(text).toContain('Prüfcode: ABCD-EFGH');
  });
});
