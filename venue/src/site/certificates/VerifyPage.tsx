import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { certificateDate, formatWatchTime, normaliseCertificateCode } from '@plataforma/adapter';
import { DarkInput, FormAlert } from '../../shared/ui/fields';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import './texts';
import { Button } from '../../shared/ui/Button';
import { PageLoading } from '../../shared/ui/PageLoading';
import { certificateVerifyQuery } from './api';
import { CodeForm } from '../forms/CodeForm';

const Result = styled.section`
  margin: 24px 0;
  padding: 20px;
  border-radius: 12px;
  background: rgba(255, 255, 255, 0.06);
  h2 {
    margin: 0 0 12px;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: 8px 16px;
    margin: 12px 0 0;
  }
  dt {
    font-weight: 700;
  }
  dd {
    margin: 0;
  }
`;

const Form = CodeForm;

/** The result of one code (valid, revoked at the holder's request, unknown). */
const Verification = ({ code }: { code: string }) => {
  const { t } = useTranslation();
  const result = useQuery(certificateVerifyQuery(code));
  if (result.isPending) return <PageLoading />;
  if (result.isError) {
    const status = result.error.status;
    return (
      <Result aria-labelledby="certificate-result" role="status">
        <h2 id="certificate-result">{status === 404 ? t('certificates.unknown') : messageText(result.error.msg)}</h2>
        <p>{status === 404 ? t('certificates.unknownText', { code }) : status === 429 ? t('certificates.tooMany') : null}</p>
      </Result>
    );
  }
  const data = result.data;
  const hours = formatWatchTime(data.seconds);
  const date = certificateDate(data.issuedAt, data.timezone);
  if (data.status === 'revoked')
    return (
      <Result aria-labelledby="certificate-result" role="status">
        <h2 id="certificate-result">{t('certificates.revoked')}</h2>
        <p>{t('certificates.revokedText')}</p>
        <dl>
          <dt>{t('certificates.event')}</dt>
          <dd>{data.eventName}</dd>
          <dt>{t('certificates.issuedAt')}</dt>
          <dd>{date}</dd>
        </dl>
      </Result>
    );
  return (
    <Result aria-labelledby="certificate-result" role="status">
      <h2 id="certificate-result">{t('certificates.valid')}</h2>
      <p>{t('certificates.validText', { name: data.name, event: data.eventName, hours, date })}</p>
      <dl>
        <dt>{t('certificates.holder')}</dt>
        <dd>{data.name}</dd>
        <dt>{t('certificates.event')}</dt>
        <dd>{data.eventName}</dd>
        <dt>{t('certificates.hours')}</dt>
        <dd>{hours}</dd>
        <dt>{t('certificates.issuedAt')}</dt>
        <dd>{date}</dd>
        <dt>{t('certificates.codeLabel')}</dt>
        <dd>
          <code>{data.code}</code>
        </dd>
      </dl>
    </Result>
  );
};

/**
 * `/certificados` and `/certificados/:code` (public, decision 050): a form to type a code, and
 * what the platform says of it — valid (name, event, hours, date), revoked at the holder's
 * request (no name), or unknown.
 */
export const VerifyPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { code: param } = useParams();
  const id = useId();
  const code = param ? normaliseCertificateCode(param) : null;
  const [typed, setTyped] = useState(param ?? '');
  const [invalid, setInvalid] = useState(false);
  useDocumentTitle(t('certificates.verifyTitle'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = normaliseCertificateCode(typed);
    setInvalid(next === null);
    if (next) navigate(`/certificados/${next}`);
  };

  return (
    <ScreenPage $width={640}>
      <div className="wrap">
        <h1>{t('certificates.verifyTitle')}</h1>
        {code ? (
          <Verification code={code} />
        ) : (
          param && (
            <Result aria-labelledby="certificate-result" role="status">
              <h2 id="certificate-result">{t('certificates.unknown')}</h2>
              <p>{t('certificates.invalidCode')}</p>
            </Result>
          )
        )}
        <Form onSubmit={onSubmit} noValidate aria-label={t('certificates.verifyTitle')}>
          <p className="intro">{t('certificates.verifyIntro')}</p>
          <label htmlFor={`${id}-code`}>{t('certificates.codeLabel')}</label>
          <div className="row">
            <DarkInput
              id={`${id}-code`}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              maxLength={24}
              aria-invalid={invalid}
              aria-describedby={invalid ? `${id}-error` : undefined}
            />
            <Button type="submit">{t('certificates.verify')}</Button>
          </div>
          {invalid && <FormAlert id={`${id}-error`}>{t('certificates.invalidCode')}</FormAlert>}
        </Form>
        {code && (
          <p>
            <Link to="/certificados">{t('certificates.another')}</Link>
          </p>
        )}
      </div>
    </ScreenPage>
  );
};
