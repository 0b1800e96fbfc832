import type { Language } from '@plataforma/adapter';
import { describe, expect, it } from 'vitest';
import { excerptOf } from './stand-waiting';
import { renderEmail } from './templates/layout';
import { standWaitingTemplate, type StandWaitingData } from './templates/stand-waiting';
import { translator } from './texts';

const data: StandWaitingData = {
  stand: 'Estande <Sepse> & Cia',
  chats: [
    { name: 'Ana', excerpt: 'Olá, vocês têm <b>amostras</b>?', at: '2026-12-04T18:30:00.000Z' },
    { name: 'Bruno', excerpt: 'Qual o preço?', at: '2026-12-04T18:41:00.000Z' },
  ],
  contacts: [{ name: 'Carla', excerpt: 'Quero uma proposta "para 40"', at: '2026-12-04T18:45:00.000Z' }],
  minutes: 10,
  url: 'https://eventos.exemplo.com.br/cms/conversas',
  timeZone: 'America/Sao_Paulo',
  unattended: false,
};

const draw = (language: Language, input: StandWaitingData = data) => {
  const warned: string[] = [];
  const t = translator(language, (message) => warned.push(message));
  const brand = { name: 'Congresso <X>', color: '#1d4ed8', language };
  const content = standWaitingTemplate.compose(t, input, brand);
  return { content, ...renderEmail(content, brand, t), warned };
};

describe('the stand-waiting digest (decision 110)', () => {
  it('lists the waiting conversations and the new contact requests, with names, first words and times in the event’s zone (pt)', () => {
    const { content, html, text, warned } = draw('pt');
    expect(warned).toEqual([]);
    expect(content.subject).toBe('Estande <Sepse> & Cia: 2 conversa(s) esperando resposta');
    expect(text).toContain('2 conversa(s) sem resposta há mais de 10 minutos:');
    // 18:30 UTC is 15:30 in São Paulo.
    expect(text).toContain('• Ana (04/12, 15:30): “Olá, vocês têm <b>amostras</b>?”');
    expect(text).toContain('• Bruno (04/12, 15:41): “Qual o preço?”');
    expect(text).toContain('1 novo(s) pedido(s) de contato:');
    expect(text).toContain('• Carla (04/12, 15:45): “Quero uma proposta "para 40"”');
    expect(text).toContain('https://eventos.exemplo.com.br/cms/conversas');
    expect(html).toContain('href="https://eventos.exemplo.com.br/cms/conversas"');
    expect(html).toContain('Abrir as conversas');
    // Everything a visitor or an organiser typed is escaped in the HTML part.
    expect(html).not.toContain('<b>amostras</b>');
    expect(html).toContain('Olá, vocês têm &lt;b&gt;amostras&lt;/b&gt;?');
    expect(html).toContain('Estande &lt;Sepse&gt; &amp; Cia');
    expect(html).toContain('&quot;para 40&quot;');
    expect(html).not.toContain('organização do evento');
  });

  it('speaks English and German from the packs', () => {
    const en = draw('en');
    expect(en.warned).toEqual([]);
    expect(en.content.subject).toBe('Estande <Sepse> & Cia: 2 conversation(s) waiting for an answer');
    expect(en.text).toContain('2 conversation(s) unanswered for more than 10 minutes:');
    expect(en.text).toContain('Open the conversations');
    const al = draw('al');
    expect(al.warned).toEqual([]);
    expect(al.content.subject).toBe('Estande <Sepse> & Cia: 2 Unterhaltung(en) warten auf Antwort');
    expect(al.text).toContain('• Ana (04.12., 15:30): „Olá, vocês têm <b>amostras</b>?“');
    expect(al.html).toContain('<html lang="de">');
  });

  it('says when only contact requests wait, and when it goes to the organisers of a stand nobody attends', () => {
    const { content, text } = draw('pt', { ...data, chats: [], unattended: true, url: 'https://e.exemplo.com.br/cms/estandes/3/chats' });
    expect(content.subject).toBe('Estande <Sepse> & Cia: 1 novo(s) pedido(s) de contato');
    expect(text).toContain('não tem atendente: esta mensagem vai para a organização do evento');
    expect(text).not.toContain('conversa(s) sem resposta');
    expect(text).toContain('https://e.exemplo.com.br/cms/estandes/3/chats');
  });

  it('counts every waiting conversation when the list stops at 20', () => {
    const { content, text } = draw('pt', { ...data, chatsTotal: 25, contacts: [] });
    expect(content.subject).toBe('Estande <Sepse> & Cia: 25 conversa(s) esperando resposta');
    expect(text).toContain('25 conversa(s) sem resposta há mais de 10 minutos:');
  });

  it('cuts a long message at a word, on one line', () => {
    expect(excerptOf('  curta\n mensagem ')).toBe('curta mensagem');
    const long = 'palavra '.repeat(30);
    const cut = excerptOf(long);
    expect(cut.length).toBeLessThanOrEqual(81);
    expect(cut.endsWith('palavra…')).toBe(true);
  });
});
