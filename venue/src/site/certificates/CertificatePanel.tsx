import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import type { ApiError, CertificateStatus } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import './texts';
import { Button } from '../../shared/ui/Button';
import { downloadCertificate, useCertificateStatus, useIssueCertificate } from './api';

const Panel = styled.div`
  display: grid;
  gap: 8px;
  margin-top: 8px;
  padding: 12px;
  border-radius: 10px;
  background: rgba(255, 255, 255, 0.06);
  font-size: 0.92rem;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
  }
  progress {
    width: 100%;
    height: 10px;
    accent-color: ${({ theme }) => theme.colors.primaryLight};
  }
  code {
    font-size: 0.95rem;
    letter-spacing: 0.04em;
  }
`;

const ruleText = (status: CertificateStatus, t: (key: string, options?: Record<string, unknown>) => string): string =>
  status.rule === 'share'
    ? t('certificates.ruleShare', { share: status.minShare, minutes: status.requiredMinutes, programme: status.programmeMinutes })
    : t('certificates.ruleMinutes', { minutes: status.requiredMinutes });

/**
 * 'Meus eventos': an event's attendance certificate (decision 050) — the time watched against the
 * minimum, 'Emitir certificado' once reached, then 'Baixar certificado (PDF)' and its code; why
 * not yet otherwise. Shown for events that give certificates.
 */
export const CertificatePanel = ({ eventId, eventName }: { eventId: number; eventName: string }) => {
  const { t } = useTranslation();
  const status = useCertificateStatus(eventId);
  const issue = useIssueCertificate(eventId);
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = `certificate-${eventId}`;

  if (status.isPending) return null;
  if (status.isError) return <p role="alert">{messageText(status.error.msg)}</p>;
  const data = status.data;
  if (!data.enabled) return null;

  const download = async (code: string) => {
    setFailure(null);
    setDownloading(true);
    try {
      await downloadCertificate(code);
    } catch (error) {
      setFailure(messageText((error as Partial<ApiError>).msg));
    } finally {
      setDownloading(false);
    }
  };
  const onIssue = async () => {
    setFailure(null);
    try {
      const answer = await issue.mutateAsync();
      await download(answer.data.code);
    } catch (error) {
      setFailure(messageText((error as Partial<ApiError>).msg));
    }
  };

  const required = data.requiredMinutes;
  const certificate = data.certificate;
  return (
    <Panel role="group" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {t('certificates.title')}
        <span className="visually-hidden"> — {eventName}</span>
      </h3>
      {certificate ? (
        <>
          <p>{t('certificates.code', { code: certificate.code })}</p>
          <Button type="button" onClick={() => void download(certificate.code)} disabled={downloading}>
            {downloading ? t('certificates.downloading') : t('certificates.download')}
          </Button>
        </>
      ) : required === null ? (
        <p>{t('certificates.noProgramme')}</p>
      ) : (
        <>
          <progress
            max={required}
            value={Math.min(data.watchedMinutes, required)}
            aria-label={t('certificates.progressLabel')}
            aria-valuetext={t('certificates.progress', { watched: data.watchedMinutes, required })}
          />
          <p>{t('certificates.progress', { watched: data.watchedMinutes, required })}</p>
          <p>{ruleText(data, t)}</p>
          {!data.eligible ? (
            <p>{t('certificates.notYet', { minutes: Math.max(1, required - data.watchedMinutes) })}</p>
          ) : data.fullAccountRequired ? (
            <p>{t('certificates.softSession')}</p>
          ) : (
            <>
              <p>{t('certificates.eligible')}</p>
              <Button type="button" onClick={() => void onIssue()} disabled={issue.isPending || downloading}>
                {issue.isPending ? t('certificates.issuing') : t('certificates.issue')}
              </Button>
            </>
          )}
        </>
      )}
      {failure && <p role="alert">{failure}</p>}
    </Panel>
  );
};
