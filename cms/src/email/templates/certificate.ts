import type { EmailTemplate } from './types';

export type CertificateIssuedData = { name: string; eventName: string; code: string; url: string };

/**
 * A certificate was issued (issue 49 item 3): its public page (the link that verifies it) and its
 * PDF attached, drawn by the send job as the download draws it; a certificate revoked before the
 * job ran goes without the PDF.
 */
export const certificateIssuedTemplate: EmailTemplate<CertificateIssuedData> = {
  name: 'certificateIssued',
  category: 'transactional',
  compose: (t, data) => ({
    subject: t('email.certificateIssued.subject', { event: data.eventName }),
    preheader: t('email.certificateIssued.preheader'),
    heading: t('email.certificateIssued.heading', { name: data.name }),
    paragraphs: [t('email.certificateIssued.intro', { event: data.eventName }), t('email.certificateIssued.attached')],
    action: { label: t('email.certificateIssued.action'), url: data.url },
    details: [{ label: t('email.certificateIssued.code'), value: data.code }],
    notes: [t('email.certificateIssued.verify')],
  }),
  attachments: async (data, { strapi }) => {
    // Loaded when sending: certificates/issue queues this message, so a static import would be a cycle.
    const { certificateToWire, findCertificate } = await import('../../certificates/issue');
    const { certificatePdf } = await import('../../certificates/pdf');
    const row = await findCertificate(strapi, { code: data.code });
    if (!row || row.revokedAt) return [];
    const bytes = await certificatePdf(certificateToWire(row), row.text, data.url);
    return [{ filename: `certificado-${row.code}.pdf`, contentType: 'application/pdf', content: Buffer.from(bytes) }];
  },
};
