import { describe, expect, it } from 'vitest';
import { welcomeLines } from './welcome';

describe('the start banner', () => {
  it("names the venue's entrance hall, /cms, /admin and the demo accounts", () => {
    const lines = welcomeLines({ base: 'http://localhost:1337', eventPath: '/plataforma/1/hall-entrada', demo: true, smsToLog: true }).join(
      '\n',
    );
    expect(lines).toContain('http://localhost:1337/plataforma/1/hall-entrada');
    expect(lines).toContain('http://localhost:1337/cms');
    expect(lines).toContain('http://localhost:1337/admin');
    expect(lines).toContain('admin@exemplo.com.br');
    expect(lines).toContain('[sms]');
  });

  it('says nothing of demo accounts without the demo, and when no event is published', () => {
    const lines = welcomeLines({ base: 'https://eventos.exemplo.com.br', eventPath: null, demo: false, smsToLog: false }).join('\n');
    expect(lines).not.toContain('exemplo.com.br / Admin');
    expect(lines).toContain('nenhum evento publicado');
  });
});
