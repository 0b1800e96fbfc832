import { toBuffer } from 'qrcode';
import type { Translate } from '../texts';
import { formatBRL, formatWhen } from './format';
import type { Brand, EmailContent } from './layout';
import type { EmailTemplate } from './types';

/** An order as its e-mails tell it (JSON with the row; amounts as on the wire, '63.00'). */
export type OrderEmailData = {
  name: string;
  number: string;
  eventName: string;
  items: Array<{ description: string; total: string }>;
  subtotal: string;
  couponCode: string | null;
  couponDiscount: string;
  total: string;
  /** The event's time zone: dates are written in it. */
  timezone: string;
  /** The order's page on the site ('Meus pedidos', its detail), absolute; older rows have none. */
  url?: string;
};

export type OrderCreatedData = OrderEmailData & { pixCode: string; expiresAt: string };
export type OrderPaidData = OrderEmailData & { paidAt: string };

/** The QR image's content id in the 'created' message (its HTML says `cid:pix-qr`). */
export const PIX_QR_CID = 'pix-qr';
const QR_SIZE = 240;

/** The receipt's rows: each item, then the subtotal, the coupon and the total when there is a coupon. */
const receipt = (t: Translate, data: OrderEmailData, brand: Brand) => {
  const money = (value: string) => formatBRL(value, brand.language);
  const rows = data.items.map((item) => ({ label: item.description, value: money(item.total) }));
  if (data.couponCode && Number(data.couponDiscount) > 0)
    rows.push(
      { label: t('email.order.subtotal'), value: money(data.subtotal) },
      { label: t('email.order.coupon', { code: data.couponCode }), value: `− ${money(data.couponDiscount)}` },
    );
  rows.push({ label: t('email.order.total'), value: money(data.total) });
  return rows;
};

const orderTemplate = <D extends OrderEmailData>(
  name: string,
  body: (t: Translate, data: D, brand: Brand) => Omit<EmailContent, 'subject' | 'heading'>,
): EmailTemplate<D> => ({
  name,
  category: 'transactional',
  compose: (t, data, brand) => ({
    subject: t(`email.${name}.subject`, { number: data.number, event: data.eventName }),
    heading: t(`email.${name}.heading`, { name: data.name }),
    ...(data.url ? { action: { label: t('email.order.action'), url: data.url } } : {}),
    ...body(t, data, brand),
  }),
});

/** A PIX charge was made (issue 49 item 3): the copy-and-paste code, its QR image and when it expires. */
export const orderCreatedTemplate: EmailTemplate<OrderCreatedData> = {
  ...orderTemplate<OrderCreatedData>('orderCreated', (t, data, brand) => ({
    preheader: t('email.orderCreated.preheader', { total: formatBRL(data.total, brand.language) }),
    paragraphs: [t('email.orderCreated.intro', { number: data.number, event: data.eventName }), t('email.orderCreated.howTo')],
    image: { cid: PIX_QR_CID, alt: t('email.orderCreated.qrAlt'), size: QR_SIZE },
    code: { label: t('email.orderCreated.codeLabel'), value: data.pixCode },
    details: receipt(t, data, brand),
    notes: [t('email.orderCreated.expiry', { when: formatWhen(data.expiresAt, data.timezone) }), t('email.orderCreated.after')],
  })),
  attachments: async (data) => [
    {
      filename: 'pix-qr.png',
      contentType: 'image/png',
      cid: PIX_QR_CID,
      content: await toBuffer(data.pixCode, { width: QR_SIZE, margin: 2, errorCorrectionLevel: 'M', type: 'png' }),
    },
  ],
};

/** The order was paid: the receipt with its items, the coupon and the total. */
export const orderPaidTemplate = orderTemplate<OrderPaidData>('orderPaid', (t, data, brand) => ({
  preheader: t('email.orderPaid.preheader', { total: formatBRL(data.total, brand.language) }),
  paragraphs: [t('email.orderPaid.intro', { number: data.number, event: data.eventName })],
  details: [...receipt(t, data, brand), { label: t('email.orderPaid.paidAt'), value: formatWhen(data.paidAt, data.timezone) }],
  notes: [t('email.orderPaid.access')],
}));

/** The order's PIX expired unpaid. */
export const orderExpiredTemplate = orderTemplate<OrderEmailData>('orderExpired', (t, data, brand) => ({
  preheader: t('email.orderExpired.preheader'),
  paragraphs: [t('email.orderExpired.intro', { number: data.number, event: data.eventName }), t('email.orderExpired.again')],
  details: receipt(t, data, brand),
}));

/** The order's money was returned (by staff, or a chargeback): the access it gave is gone. */
export const orderRefundedTemplate = orderTemplate<OrderEmailData>('orderRefunded', (t, data, brand) => ({
  preheader: t('email.orderRefunded.preheader', { total: formatBRL(data.total, brand.language) }),
  paragraphs: [
    t('email.orderRefunded.intro', { number: data.number, event: data.eventName, total: formatBRL(data.total, brand.language) }),
    t('email.orderRefunded.access'),
  ],
  details: receipt(t, data, brand),
  notes: [t('email.orderRefunded.when')],
}));
