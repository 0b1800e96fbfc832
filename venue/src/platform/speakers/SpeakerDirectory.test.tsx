import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type CmsLecture, type Speaker } from '@plataforma/adapter';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { mockVenueApi, renderAt } from '../../testing/render';
import { fetchEventSpeakers } from './api';
import { DESCRIPTION_CLAMP, initials } from './SpeakerDirectory';
import { cmsLectureFixture } from '../../testing/wire';

const lecture = (
  id: number,
  name: string,
  startDate: string,
  startTime: string,
  endTime: string,
  room: { id: number; name: string },
): CmsLecture =>
  cmsLectureFixture({
    id,
    name,
    startDate,
    startTime: `${startTime}:00`,
    endTime: `${endTime}:00`,
    room: { ...room, eventId: 1 },
  });

const speaker = (id: number, name: string, extra: Partial<Speaker> = {}): Speaker => ({
  id,
  eventId: 1,
  name,
  title: null,
  description: null,
  image: null,
  imageSources: [],
  lectures: [],
  ...extra,
});

const salaA = { id: 1, name: 'Auditório Principal' };
const salaB = { id: 2, name: 'Sala Sépsis' };
const programme = [
  lecture(1, 'Abertura do congresso', '2026-11-26', '09:00', '10:00', salaA),
  lecture(3, 'Choque séptico', '2026-11-26', '09:30', '10:30', salaB),
  lecture(4, 'Encerramento', '2026-11-27', '17:00', '18:00', salaA),
];

const longBio = `Médica intensivista há vinte anos, coordena a UTI adulto do Hospital Central e o programa de residência em medicina intensiva. ${'Pesquisa sepse, choque e ventilação mecânica em pacientes graves. '.repeat(3)}Última frase da biografia.`;

const directory = [
  speaker(11, 'Bruno Lima', { title: 'Fisioterapeuta', lectures: [{ id: 4, name: 'Encerramento' }] }),
  speaker(10, 'Ana Araújo', {
    title: 'Intensivista',
    description: longBio,
    image: '/uploads/ana.jpg',
    imageSources: [
      { url: '/uploads/thumbnail_ana.jpg', width: 156 },
      { url: '/uploads/small_ana.jpg', width: 500 },
    ],
    lectures: [
      { id: 1, name: 'Abertura do congresso' },
      { id: 3, name: 'Choque séptico' },
    ],
  }),
  speaker(12, 'Dr. Caio Prado', { title: 'Cardiologista', description: 'Fala sobre o coração.' }),
];

const serve = (rows: Speaker[]) => vi.spyOn(api.site.speakers, 'list').mockResolvedValue({ rows, count: rows.length });
const serveProgramme = () => vi.spyOn(api.site.lectures, 'event').mockResolvedValue({ rows: programme, count: programme.length });

/** A speaker's card, by the name in its heading. */
const cardOf = (name: string) => screen.getByRole('article', { name });

mockVenueApi();

describe('Palestrantes (diretório)', () => {
  it('shows a card per speaker in name order: photo or initials, title, lectures with day, hours and room, and the programme link', async () => {
    const calls = serve(directory);
    serveProgramme();
    renderAt('/plataforma/1-congresso/palestrantes/diretorio');

    expect(await screen.findByRole('heading', { level: 1, name: 'Palestrantes' })).toBeInTheDocument();
    await screen.findByText('3 palestrantes');
    expect(calls).toHaveBeenCalledWith(1, { limit: 100 });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Ana Araújo', 'Bruno Lima', 'Dr. Caio Prado']);
    expect(await screen.findByText(/Congresso Brasileiro Virtual: quem apresenta as palestras/)).toBeInTheDocument();

    const ana = cardOf('Ana Araújo');
    const photo = ana.querySelector('img') as HTMLImageElement;
    expect(photo).toHaveAttribute('src', '/uploads/ana.jpg');
    expect(photo).toHaveAttribute('srcset', '/uploads/thumbnail_ana.jpg 156w, /uploads/small_ana.jpg 500w');
    expect(photo).toHaveAttribute('alt', '');
    expect(within(ana).getByText('Intensivista')).toBeInTheDocument();
    const items = within(ana).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Abertura do congressoquinta-feira, 26 de novembro · 09:00 – 10:00 · Auditório Principal',
      'Choque sépticoquinta-feira, 26 de novembro · 09:30 – 10:30 · Sala Sépsis',
    ]);
    expect(within(ana).getByRole('link', { name: 'Ver na programação: Ana Araújo' })).toHaveAttribute(
      'href',
      '/plataforma/1-congresso/programacao?dia=todos&palestrante=10',
    );

    const bruno = cardOf('Bruno Lima');
    expect(bruno.querySelector('img')).toBeNull();
    expect(within(bruno).getByText('BL')).toHaveAttribute('aria-hidden', 'true');
    expect(within(bruno).getByRole('listitem')).toHaveTextContent(
      'Encerramentosexta-feira, 27 de novembro · 17:00 – 18:00 · Auditório Principal',
    );
    expect(
      within(bruno)
        .getByText(/sexta-feira/)
        .closest('time'),
    ).toHaveAttribute('dateTime', '2026-11-27T17:00');

    // No lectures: said so, and no link to an empty programme.
    const caio = cardOf('Dr. Caio Prado');
    expect(within(caio).getByText('CP')).toBeInTheDocument();
    expect(within(caio).getByText('Ainda sem palestras na programação.')).toBeInTheDocument();
    expect(within(caio).queryByRole('link')).toBeNull();
    expect(document.title).toMatch(/^Palestrantes · /);
  });

  it('cuts a long description behind “Ler mais” and opens it again', async () => {
    serve(directory);
    serveProgramme();
    renderAt('/plataforma/1/palestrantes/diretorio');
    const ana = await screen.findByRole('article', { name: 'Ana Araújo' });
    expect(longBio.length).toBeGreaterThan(DESCRIPTION_CLAMP);
    expect(within(ana).queryByText(/Última frase da biografia\./)).toBeNull();
    expect(within(ana).getByText(/^Médica intensivista há vinte anos.*…$/)).toBeInTheDocument();

    const more = within(ana).getByRole('button', { name: 'Ler mais: Ana Araújo' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveTextContent('Ler mais');
    await userEvent.click(more);
    expect(within(ana).getByText(longBio)).toBeInTheDocument();
    const less = within(ana).getByRole('button', { name: 'Mostrar menos: Ana Araújo' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(less.getAttribute('aria-controls') as string)).toHaveTextContent(/Última frase da biografia\.$/);
    await userEvent.click(less);
    expect(within(ana).queryByText(/Última frase da biografia\./)).toBeNull();

    // A short description has no toggle.
    const caio = cardOf('Dr. Caio Prado');
    expect(within(caio).getByText('Fala sobre o coração.')).toBeInTheDocument();
    expect(within(caio).queryByRole('button')).toBeNull();
  });

  it('searches names, titles and lecture titles without case or accents, says when nothing matches and clears', async () => {
    serve(directory);
    serveProgramme();
    renderAt('/plataforma/1/palestrantes/diretorio');
    const box = await screen.findByRole('searchbox', { name: 'Buscar por nome, cargo ou palestra' });

    await userEvent.type(box, 'ARAUJO');
    expect(await screen.findByText('1 palestrante')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Ana Araújo']);

    await userEvent.clear(box);
    await userEvent.type(box, 'choque septico');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Ana Araújo']);

    await userEvent.clear(box);
    await userEvent.type(box, 'fisio');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Bruno Lima']);

    await userEvent.clear(box);
    await userEvent.type(box, 'pediatria');
    expect(screen.getByText('Nenhum palestrante')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByText('Nenhum palestrante encontrado para “pediatria”.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Limpar busca' }));
    expect(await screen.findByText('3 palestrantes')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
  });

  it('says when the event has no speakers yet', async () => {
    serve([]);
    serveProgramme();
    renderAt('/plataforma/1/palestrantes/diretorio');
    expect(await screen.findByText('Os palestrantes deste evento ainda não foram publicados.')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('a failed call says so and tries again', async () => {
    serveProgramme();
    const calls = vi
      .spyOn(api.site.speakers, 'list')
      .mockRejectedValueOnce(new ApiError(404, 'api.error.eventNotFound'))
      .mockResolvedValue({ rows: directory, count: directory.length });
    renderAt('/plataforma/1/palestrantes/diretorio');
    expect(await screen.findByText('Evento não encontrado.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('3 palestrantes')).toBeInTheDocument();
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('shows the lectures’ titles while the programme cannot be read', async () => {
    serve(directory);
    vi.spyOn(api.site.lectures, 'event').mockRejectedValue(new ApiError(500, 'api.error.internal'));
    renderAt('/plataforma/1/palestrantes/diretorio');
    const bruno = await screen.findByRole('article', { name: 'Bruno Lima' });
    expect(
      within(bruno)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Encerramento']);
  });

  it('has no serious or critical axe violation', async () => {
    serve(directory);
    serveProgramme();
    renderAt('/plataforma/1/palestrantes/diretorio');
    await screen.findByText('3 palestrantes');
    await screen.findByText(/Congresso Brasileiro Virtual: quem apresenta/);
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
});

describe('fetchEventSpeakers', () => {
  it('asks for the further pages when the count says there are more than 100', async () => {
    const page = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => speaker(from + i + 1, `P ${from + i + 1}`));
    const calls = vi
      .spyOn(api.site.speakers, 'list')
      .mockImplementation(async (_eventId, query = {}) =>
        (query.offset ?? 0) === 0
          ? { rows: page(0, 100), count: 230 }
          : query.offset === 100
            ? { rows: page(100, 200), count: 230 }
            : { rows: page(200, 230), count: 230 },
      );
    const all = await fetchEventSpeakers(7);
    expect(all.count).toBe(230);
    expect(all.rows.map((s) => s.id)).toEqual(Array.from({ length: 230 }, (_, i) => i + 1));
    expect(calls.mock.calls).toEqual([
      [7, { limit: 100 }],
      [7, { limit: 100, offset: 100 }],
      [7, { limit: 100, offset: 200 }],
    ]);
  });
});

describe('initials', () => {
  it('takes the first and last names, leaving titles out', () => {
    expect(initials('Dr. Caio Prado')).toBe('CP');
    expect(initials('ana maria de souza')).toBe('AS');
    expect(initials('Ícaro')).toBe('Í');
  });
});
