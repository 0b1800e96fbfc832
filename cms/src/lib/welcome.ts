import type { Core } from '@strapi/strapi';
import { settings } from './settings';

/** What the start prints once the server listens: where to go, and where the demo's accounts and codes are. */
export const welcomeLines = (input: { base: string; eventPath: string | null; demo: boolean; smsToLog: boolean }): string[] => {
  const lines = [
    'Plataforma pronta:',
    `  Evento (venue):  ${input.eventPath ? `${input.base}${input.eventPath}` : `${input.base}/ (nenhum evento publicado ainda)`}`,
    `  Back office:     ${input.base}/cms`,
    `  Strapi admin:    ${input.base}/admin (administrador e senha em cms/.env: STRAPI_ADMIN_EMAIL, STRAPI_ADMIN_PASSWORD)`,
  ];
  if (input.demo) {
    lines.push('  Contas de demonstração: admin@exemplo.com.br / Admin#2026dev, atendente@exemplo.com.br / Atendente#2026dev');
    lines.push('  (README, "Demo accounts"); no venue, entre com ana.souza@exemplo.com.br.');
  }
  if (input.smsToLog) lines.push('  Códigos SMS: aparecem neste log, linha "[sms]" (SMS_PROVIDER=log).');
  return lines;
};

/** Prints the product's own addresses after the start (issue 20: only /admin was printed). */
export const printWelcome = (strapi: Core.Strapi): void => {
  if (!settings().server.welcome) return;
  strapi.server.httpServer.once('listening', () => {
    void (async () => {
      const host = String(strapi.config.get('server.host', 'localhost'));
      const port = Number(strapi.config.get('server.port', 1337));
      const base = String(strapi.config.get('server.url', '')) || `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
      const event = (await strapi.db.query('api::event.event').findOne({
        where: { published: true },
        select: ['id', 'slug'],
        orderBy: [{ featured: 'desc' }, { id: 'asc' }],
      })) as { id: number; slug: string | null } | null;
      const lines = welcomeLines({
        base: base.replace(/\/$/, ''),
        eventPath: event ? `/plataforma/${event.id}/hall-entrada` : null,
        demo: settings().seed.demo && !settings().production,
        smsToLog: settings().sms.provider === 'log',
      });
      console.log(`\n${lines.join('\n')}\n`);
    })().catch((error: Error) => strapi.log.warn(`[start] could not print the addresses: ${error.message}`));
  });
};
