import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import {
  ApiError,
  LANGUAGES,
  formatDateTime,
  type Language,
  type LanguagePack,
  type LanguagePackProblem,
  type LanguagePackReport,
} from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { useBackofficeTranslation } from '../i18n';
import { ErrorAlert } from '../ui/Form';
import { PageHeader } from '../ui/PageHeader';
import { UploadProgress, useUpload } from '../ui/UploadProgress';
import { useLanguages, useRollbackLanguage, useUploadLanguage } from './api';

const Cards = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  align-items: start;
`;

const Card = styled.section`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  padding: 16px;
  display: grid;
  gap: 12px;
  h2 {
    margin: 0;
    font-size: 1.15rem;
  }
  p {
    margin: 0;
  }
  .muted {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  a {
    color: ${({ theme }) => theme.colors.primaryDark};
    font-weight: 600;
  }
  details {
    border-left: 3px solid ${({ theme }) => theme.colors.warning};
    padding-left: 8px;
  }
  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.warning};
    font-weight: 600;
  }
  details ul,
  ${ErrorAlert} ul {
    margin: 6px 0 0;
    padding-left: 20px;
    max-height: 200px;
    overflow: auto;
    font-family: ui-monospace, monospace;
    font-size: 0.85rem;
  }
  .complete {
    color: ${({ theme }) => theme.colors.success};
    font-weight: 600;
  }
`;

const kilobytes = (bytes: number): string => `${(bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`;

/** What the check of the current file found: missing keys (PT fills them in) and unknown keys, each list collapsible. */
const Report = ({ report }: { report: LanguagePackReport }) => {
  const { t } = useBackofficeTranslation();
  if (report.missing.length === 0 && report.unknown.length === 0)
    return <p className="complete">{t('languages.complete', { count: report.reference })}</p>;
  return (
    <>
      {report.missing.length > 0 && (
        <details>
          <summary>
            {t(report.missing.length === 1 ? 'languages.missingOne' : 'languages.missing', { count: report.missing.length })}
          </summary>
          <ul aria-label={t('languages.missingList')}>
            {report.missing.map((key) => (
              <li key={key}>{key}</li>
            ))}
          </ul>
        </details>
      )}
      {report.unknown.length > 0 && (
        <details>
          <summary>
            {t(report.unknown.length === 1 ? 'languages.unknownOne' : 'languages.unknown', { count: report.unknown.length })}
          </summary>
          <ul aria-label={t('languages.unknownList')}>
            {report.unknown.map((key) => (
              <li key={key}>{key}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
};

const problemsOf = (error: ApiError): LanguagePackProblem[] => {
  const problems = (error.data as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? (problems as LanguagePackProblem[]) : [];
};

/** One code's card: the upload button, the current file with its link, the check's warnings, the refusal, the rollback. */
const PackCard = ({ pack }: { pack: LanguagePack }) => {
  const { t } = useBackofficeTranslation();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const uploadPack = useUploadLanguage();
  const rollback = useRollbackLanguage();
  const { fraction, uploading, track, cancel } = useUpload();
  const [error, setError] = useState<ApiError | null>(null);
  const showToast = useAppState((s) => s.showToast);
  const openDialog = useAppState((s) => s.openDialog);
  const name = t(`languages.names.${pack.code}`);
  const placeholders = (list: string[] | undefined) =>
    list && list.length > 0 ? list.map((p) => `{{${p}}}`).join(', ') : t('languages.none');

  const send = async (file: File) => {
    setError(null);
    try {
      const answer = await track((upload) => uploadPack.mutateAsync({ code: pack.code, file, upload }));
      showToast(messageText(answer.msg), 'success');
    } catch (failure) {
      const apiError = failure instanceof ApiError ? failure : new ApiError(0, 'api.error.network');
      if (apiError.msg !== 'api.error.canceled') setError(apiError);
    }
    button.current?.focus();
  };

  const confirmRollback = () =>
    openDialog({
      header: t('form.warning'),
      body: t('languages.confirmRollback', { name, file: pack.previous?.name ?? '' }),
      onPositive: async () => {
        setError(null);
        try {
          const answer = await rollback.mutateAsync(pack.code);
          showToast(messageText(answer.msg), 'success');
        } catch (failure) {
          showToast(messageText(failure instanceof ApiError ? failure.msg : undefined), 'warning');
        }
      },
    });

  const problems = error ? problemsOf(error) : [];
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>
        {name} <span className="muted">({pack.code.toUpperCase()})</span>
      </h2>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        hidden
        tabIndex={-1}
        aria-labelledby={headingId}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) void send(chosen);
        }}
      />
      <div className="actions">
        <Button
          ref={button}
          type="button"
          disabled={uploading}
          aria-describedby={`${headingId}-hint`}
          onClick={() => input.current?.click()}
        >
          {name}
        </Button>
        {pack.previous && (
          <Button type="button" $variant="ghost" disabled={uploading || rollback.isPending} onClick={confirmRollback}>
            {t('languages.rollback')}
            <span className="visually-hidden">: {name}</span>
          </Button>
        )}
      </div>
      <p className="muted" id={`${headingId}-hint`}>
        {t('languages.hint')}
      </p>
      <UploadProgress fraction={fraction} onCancel={cancel} label={t('languages.sending', { name })} />
      {pack.file ? (
        <p>
          <a href={pack.file.url} target="_blank" rel="noopener noreferrer">
            {t('languages.view')}
            <span className="visually-hidden">
              : {name} {t('languages.newTab')}
            </span>
          </a>{' '}
          <span className="muted">
            {t('languages.details', {
              name: pack.file.name,
              size: kilobytes(pack.file.size),
              date: formatDateTime(pack.file.updatedAt),
              version: pack.version,
            })}
          </span>
        </p>
      ) : (
        <p className="muted">{t(pack.code === 'pt' ? 'languages.noFilePt' : pack.shipped ? 'languages.shipped' : 'languages.noFile')}</p>
      )}
      {error && (
        <ErrorAlert>
          {messageText(error.msg)}
          {problems.length > 0 && (
            <ul aria-label={t('languages.problems')}>
              {problems.map((problem) => (
                <li key={problem.key}>
                  {problem.expected
                    ? t('languages.placeholderProblem', {
                        key: problem.key,
                        expected: placeholders(problem.expected),
                        found: placeholders(problem.found),
                      })
                    : problem.key}
                </li>
              ))}
            </ul>
          )}
        </ErrorAlert>
      )}
      {pack.file && pack.report && <Report report={pack.report} />}
    </Card>
  );
};

/** /cms/idiomas (admin; SPEC §2.3 language page): a JSON pack per language, checked by the server against PT. */
export const LanguagesPage = () => {
  const { t } = useBackofficeTranslation();
  const packs = useLanguages();
  return (
    <>
      <PageHeader title={t('languages.title')} />
      <p>{t('languages.intro')}</p>
      {packs.isPending ? (
        <Spinner />
      ) : packs.error ? (
        <ErrorAlert>{messageText(packs.error.msg)}</ErrorAlert>
      ) : (
        <Cards>
          {LANGUAGES.map((code: Language) => {
            const pack = packs.data.find((one) => one.code === code) ?? {
              code,
              file: null,
              previous: null,
              version: 0,
              report: null,
              shipped: false,
            };
            return <PackCard key={code} pack={pack} />;
          })}
        </Cards>
      )}
    </>
  );
};
