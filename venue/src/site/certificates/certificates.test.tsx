import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, type CertificateStatus } from '@plataforma/adapter';
import { mockVenueApi, renderAt } from '../../testing/render';
import { api } from '../../shared/api';
import '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { clientProfileFixture, eventFixture, sessionClientFixture } from '../../testing/wire';

mockVenueApi();

const full = sessionClientFixture({ soft: false });
const profile = clientProfileFixture({
  ddi: '55',
  ddd: '11',
  phone: '987654321',
  createdAt: '2026-11-20T12:00:00.000Z',
});
const certificate = {
  code: 'ABCD-EFGH-JKMN-PQRS',
  eventId: 3,
  eventName: 'Congresso de Cardiologia',
  name: 'Ana Souza',
  seconds: 45_000,
  issuedAt: '2026-11-28T02:30:00.000Z',
  timezone: 'America/Manaus',
};
const statusOf = (over: Partial<CertificateStatus>): CertificateStatus => ({
  eventId: 3,
  enabled: true,
  rule: 'minutes',
  minShare: null,
  programmeMinutes: 600,
  watchedSeconds: 2700,
  watchedMinutes: 45,
  requiredSeconds: 7200,
  requiredMinutes: 120,
  eligible: false,
  fullAccountRequired: false,
  certificate: null,
  ...over,
});

const seriousViolations = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
};

const profileWith = (status: CertificateStatus) => {
  useAppState.getState().signIn(full, 'client', 'tk-full');
  vi.spyOn(api.site.clients, 'me').mockResolvedValue(profile);
  vi.spyOn(api.site.networks, 'consent').mockResolvedValue({ listed: false, showEmail: false, canChange: true });
  const event = { ...eventFixture(), id: 3, name: 'Congresso de Cardiologia', certificateEnabled: 1 as const };
  vi.spyOn(api.site.events, 'me').mockResolvedValue({ rows: [event], count: 1 });
  return vi.spyOn(api.site.certificates, 'status').mockResolvedValue(status);
};

describe("'Meus eventos': the certificate of an event", () => {
  it('shows the progress and why not yet, with no button, below the minimum', async () => {
    const status = profileWith(statusOf({}));
    renderAt('/perfil');
    const panel = await screen.findByRole('group', { name: /Certificado de participação/ });
    expect(status).toHaveBeenCalledWith(3);
    expect(within(panel).getByText('45 min assistidos (mínimo 120 min)')).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar', { name: 'Tempo assistido para o certificado' })).toHaveAttribute('value', '45');
    expect(within(panel).getByText('Mínimo: 120 min de palestras assistidas.')).toBeInTheDocument();
    expect(within(panel).getByText(/Faltam 75 min/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(await seriousViolations()).toEqual([]);
  });

  it('says the share of the programme, and issues then downloads once reached', async () => {
    profileWith(
      statusOf({ rule: 'share', minShare: 50, requiredMinutes: 300, requiredSeconds: 18_000, watchedMinutes: 300, eligible: true }),
    );
    const issue = vi
      .spyOn(api.site.certificates, 'issue')
      .mockResolvedValue({ data: certificate, msg: 'certificates.issued', status: 201 });
    const pdf = vi.spyOn(api.http, 'request').mockResolvedValue({ data: new Blob(['%PDF']), headers: {} });
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    renderAt('/perfil');
    const panel = await screen.findByRole('group', { name: /Certificado de participação/ });
    expect(within(panel).getByText('Mínimo: 50% da programação (300 min de 600 min).')).toBeInTheDocument();
    expect(within(panel).getByText('Você atingiu o tempo mínimo.')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Emitir certificado' }));
    expect(issue).toHaveBeenCalledWith({ eventId: 3 });
    await waitFor(() => expect(pdf).toHaveBeenCalled());
    expect(pdf.mock.calls[0][0]).toMatchObject({ url: '/api/site/v1/certificates/ABCD-EFGH-JKMN-PQRS/pdf', responseType: 'blob' });
    expect(createObjectURL).toHaveBeenCalled();
    expect(await within(panel).findByText('Código: ABCD-EFGH-JKMN-PQRS')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Baixar certificado (PDF)' })).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it('asks a soft session for the password, and shows nothing for events without certificates', async () => {
    profileWith(statusOf({ eligible: true, watchedMinutes: 130, fullAccountRequired: true }));
    renderAt('/perfil');
    const panel = await screen.findByRole('group', { name: /Certificado de participação/ });
    expect(within(panel).getByText('Para emitir o certificado, entre com a sua senha.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).toBeNull();
  });
});

describe('/certificados (public verification)', () => {
  it('shows a valid certificate: name, event, hours and the date in the event’s zone', async () => {
    const verify = vi.spyOn(api.site.certificates, 'verify').mockResolvedValue({ ...certificate, status: 'valid' });
    renderAt('/certificados/abcd-efgh-jkmn-pqrs');
    const heading = await screen.findByRole('heading', { name: 'Certificado válido' });
    const result = heading.closest('section') as HTMLElement;
    expect(verify).toHaveBeenCalledWith('ABCD-EFGH-JKMN-PQRS');
    expect(within(result).getAllByText('Ana Souza').length).toBeGreaterThan(0);
    expect(within(result).getByText('12 h 30 min')).toBeInTheDocument();
    expect(within(result).getByText('27/11/2026')).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it('says an unknown code clearly, and a revoked one without the name', async () => {
    vi.spyOn(api.site.certificates, 'verify').mockRejectedValueOnce(new ApiError(404, 'certificates.error.notFound'));
    renderAt('/certificados/ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(await screen.findByRole('heading', { name: 'Certificado não encontrado' })).toBeInTheDocument();
    expect(screen.getByText(/Nenhum certificado tem o código ZZZZ-ZZZZ-ZZZZ-ZZZZ/)).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });

  it('verifies a revoked certificate without the name', async () => {
    vi.spyOn(api.site.certificates, 'verify').mockResolvedValue({ ...certificate, name: null, status: 'revoked' });
    renderAt('/certificados/ABCD-EFGH-JKMN-PQRS');
    expect(await screen.findByRole('heading', { name: 'Certificado revogado' })).toBeInTheDocument();
    expect(screen.queryByText('Ana Souza')).toBeNull();
  });

  it('takes a typed code from the form, and refuses what cannot be a code', async () => {
    const verify = vi.spyOn(api.site.certificates, 'verify').mockResolvedValue({ ...certificate, status: 'valid' });
    const router = renderAt('/certificados');
    const input = await screen.findByLabelText('Código do certificado');
    await userEvent.type(input, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    const form = screen.getByRole('form', { name: 'Verificar certificado' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('Este não é um código de certificado');
    expect(verify).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, 'abcd efgh jkmn pqrs');
    await userEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/certificados/ABCD-EFGH-JKMN-PQRS'));
    expect(await screen.findByRole('heading', { name: 'Certificado válido' })).toBeInTheDocument();
    expect(await seriousViolations()).toEqual([]);
  });
});
