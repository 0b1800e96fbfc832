import { useEffect, useId, useRef, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime, type ClientImportJob } from '@plataforma/adapter';
import { i18n, messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { useBackofficeTranslation } from '../i18n';
import { FileField } from '../ui/FileField';
import { ErrorAlert, InfoNote } from '../ui/Form';
import { Modal, ModalActions } from '../ui/Modal';
import { UploadProgress, useUpload } from '../ui/UploadProgress';
import { useSubmit } from '../ui/useSubmit';
import { downloadImportReport, importJobQuery, isActiveImport, recentImportsQuery, useReloadImports, useUploadClients } from './api';

/** What the import accepts (SPEC §5; the server recognises the file by its bytes). */
export const IMPORT_ACCEPT = '.xlsx,.xls,.csv';

/** Re-importing a file that changes nothing says so (issue 11). */
export const changedNothing = (job: Pick<ClientImportJob, 'inserted' | 'updated' | 'unchanged'>): boolean =>
  job.inserted === 0 && job.updated === 0 && job.unchanged > 0;

/** The counts a summary names. */
const counts = ({ inserted, updated, unchanged, rejected }: ClientImportJob) => ({ inserted, updated, unchanged, rejected });

/** A rejected row's reason: its message key's text; a key the pack lacks reads as 'Valor inválido.'. */
const rejectReason = (key: string): string => messageText(i18n.exists(key) ? key : 'clients.import.invalidValue');

const indeterminate = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const Box = styled.div`
  display: grid;
  gap: 12px;
  h3 {
    margin: 8px 0 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
  }
  ul.columns {
    margin: 0;
    padding-left: 20px;
    font-size: 0.9rem;
  }
  .file {
    font-size: 0.9rem;
    color: ${({ theme }) => theme.colors.textMuted};
    word-break: break-all;
  }
  .status {
    display: grid;
    gap: 10px;
    padding: 12px 14px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
  .status:focus {
    outline: none;
  }
  .status:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.primary};
  }
  .status .title {
    font-weight: 600;
  }
  .track {
    position: relative;
    height: 12px;
    border-radius: 6px;
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border: 1px solid ${({ theme }) => theme.colors.border};
    overflow: hidden;
  }
  .bar {
    height: 100%;
    background: ${({ theme }) => theme.colors.primary};
    transition: width 300ms linear;
  }
  .track.indeterminate .bar {
    width: 40%;
    animation: ${indeterminate} 1.2s ease-in-out infinite;
  }
  dl {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 24px;
    margin: 0;
  }
  dl div {
    display: grid;
  }
  dt {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    font-size: 1.1rem;
  }
  .success {
    color: ${({ theme }) => theme.colors.success};
    font-weight: 600;
  }
  .scroll {
    overflow-x: auto;
    max-height: 280px;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.88rem;
  }
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: 6px;
  }
  th,
  td {
    padding: 6px 10px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  th {
    font-size: 0.78rem;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
    white-space: nowrap;
  }
  td.value {
    word-break: break-all;
  }
`;

/** The counts of a job: new, updated, unchanged and rejected rows. */
const Counts = ({ job }: { job: ClientImportJob }) => {
  const { t } = useBackofficeTranslation();
  return (
    <dl>
      <div>
        <dt>{t('clients.importer.counts.inserted')}</dt>
        <dd>{job.inserted}</dd>
      </div>
      <div>
        <dt>{t('clients.importer.counts.updated')}</dt>
        <dd>{job.updated}</dd>
      </div>
      <div>
        <dt>{t('clients.importer.counts.unchanged')}</dt>
        <dd>{job.unchanged}</dd>
      </div>
      <div>
        <dt>{t('clients.importer.counts.rejected')}</dt>
        <dd>{job.rejected}</dd>
      </div>
    </dl>
  );
};

/** Rows read of the total; while the file is still read through (total unknown), an indeterminate bar. */
const JobProgress = ({ job }: { job: ClientImportJob }) => {
  const { t } = useBackofficeTranslation();
  const labelId = useId();
  const known = job.total !== null && job.total > 0;
  const percent = known ? Math.min(100, Math.round((job.read / (job.total ?? 1)) * 100)) : 0;
  return (
    <>
      <span className="visually-hidden" id={labelId}>
        {t('clients.importer.progressLabel')}
      </span>
      <div
        className={known ? 'track' : 'track indeterminate'}
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={known ? 0 : undefined}
        aria-valuemax={known ? (job.total ?? undefined) : undefined}
        aria-valuenow={known ? job.read : undefined}
        aria-valuetext={known ? t('clients.importer.progress', { read: job.read, total: job.total }) : t('clients.importer.reading')}
      >
        <div className="bar" style={known ? { width: `${percent}%` } : undefined} />
      </div>
    </>
  );
};

/** The first rejected rows of a finished job: row, column, reason and value (the report has them all). */
const Rejects = ({ job }: { job: ClientImportJob }) => {
  const { t } = useBackofficeTranslation();
  if (job.rejects.length === 0) return null;
  return (
    <div className="scroll">
      <table>
        <caption>{t('clients.importer.rejects')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('clients.importer.rejectColumns.row')}</th>
            <th scope="col">{t('clients.importer.rejectColumns.column')}</th>
            <th scope="col">{t('clients.importer.rejectColumns.message')}</th>
            <th scope="col">{t('clients.importer.rejectColumns.value')}</th>
          </tr>
        </thead>
        <tbody>
          {job.rejects.map((reject, index) => (
            <tr key={`${reject.row}-${reject.column ?? ''}-${index}`}>
              <td>{reject.row}</td>
              <td>{reject.column ?? t('clients.importer.wholeRow')}</td>
              <td>{rejectReason(reject.key)}</td>
              <td className="value">{reject.value ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

/** Downloads a job's report; a failure shows as a warning toast. */
const useReport = () => {
  const { t } = useBackofficeTranslation();
  const showToast = useAppState((s) => s.showToast);
  const [busy, setBusy] = useState(false);
  const download = async (job: ClientImportJob) => {
    setBusy(true);
    try {
      await downloadImportReport(job);
    } catch {
      showToast(t('clients.importer.reportFailed'), 'warning');
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
};

/**
 * Where a job is: waiting in line, running (rows read of the total, the counts), done (the
 * summary, the columns recognised and ignored, the first rejected rows, the report) or failed
 * (the red alert with the server's key). The status line is announced as it changes.
 */
const JobStatus = ({ job }: { job: ClientImportJob }) => {
  const { t } = useBackofficeTranslation();
  const report = useReport();
  // Queued with nobody ahead: the job is about to start, not waiting for another import.
  const title =
    job.status === 'queued'
      ? job.queuePosition
        ? t('clients.importer.queued')
        : t('clients.importer.starting')
      : job.status === 'running'
        ? t('clients.importer.running')
        : job.status === 'done'
          ? t('clients.importer.done')
          : t('clients.importer.failed');
  const detail =
    job.status === 'queued'
      ? job.queuePosition
        ? t('clients.importer.queuePosition', { count: job.queuePosition })
        : ''
      : job.status === 'running'
        ? job.total === null
          ? t('clients.importer.reading')
          : t('clients.importer.progress', { read: job.read, total: job.total })
        : '';
  return (
    <>
      <div aria-live="polite" aria-atomic="true">
        <p className="title">{title}</p>
        {detail && <p>{detail}</p>}
      </div>
      {job.status === 'running' && <JobProgress job={job} />}
      {job.status === 'failed' && job.error && <ErrorAlert>{messageText(job.error)}</ErrorAlert>}
      {(job.status !== 'queued' || job.read > 0) && <Counts job={job} />}
      {job.status === 'done' && changedNothing(job) && <p className="success">{t('clients.importer.nothingChanged')}</p>}
      {job.status === 'done' && job.columns.length > 0 && (
        <p>{t('clients.importer.recognised', { columns: job.columns.map((column) => column.header).join(', ') })}</p>
      )}
      {job.status !== 'queued' && job.unknownColumns.length > 0 && (
        <p>{t('clients.importer.ignored', { columns: job.unknownColumns.join(', ') })}</p>
      )}
      {job.status === 'done' && (
        <>
          {job.rejected > job.rejects.length && (
            <p>{t('clients.importer.rejectsShown', { shown: job.rejects.length, total: job.rejected })}</p>
          )}
          <Rejects job={job} />
          {job.rejected > 0 && (
            <div>
              <Button type="button" $variant="ghost" disabled={report.busy} onClick={() => void report.download(job)}>
                {t('clients.importer.report')}
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
};

/** The latest imports (kept by the server): file, when, who, status, counts and the report of each. */
const RecentImports = () => {
  const { t } = useBackofficeTranslation();
  const report = useReport();
  const recent = useQuery(recentImportsQuery());
  const rows = recent.data?.rows ?? [];
  if (!recent.data) return null;
  return (
    <div className="scroll">
      <table>
        <caption>{t('clients.importer.recent')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('clients.importer.recentColumns.file')}</th>
            <th scope="col">{t('clients.importer.recentColumns.when')}</th>
            <th scope="col">{t('clients.importer.recentColumns.who')}</th>
            <th scope="col">{t('clients.importer.recentColumns.status')}</th>
            <th scope="col">{t('clients.importer.recentColumns.result')}</th>
            <th scope="col">{t('clients.importer.recentColumns.report')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={6}>{t('clients.importer.recentEmpty')}</td>
            </tr>
          )}
          {rows.map((job) => (
            <tr key={job.id}>
              <td className="value">{job.fileName}</td>
              <td>{formatDateTime(job.createdAt)}</td>
              <td>{job.createdBy ?? ''}</td>
              <td>{t(`clients.importer.statuses.${job.status}`)}</td>
              <td>{job.status === 'queued' ? '' : t('clients.importer.result', counts(job))}</td>
              <td>
                {job.status === 'done' && job.rejected > 0 && (
                  <Button
                    type="button"
                    $variant="ghost"
                    disabled={report.busy}
                    aria-label={t('clients.importer.reportOf', { name: job.fileName })}
                    onClick={() => void report.download(job)}
                  >
                    XLSX
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

/**
 * 'Importar planilha' (SPEC §4, issue 11): the expected columns, the file field (.xlsx, .xls,
 * .csv); a chosen file is sent at once, with the upload's own progress and 'Cancelar'; then the
 * job's progress, polled until it is done (a success toast) or failed (the red alert). 'Limpar'
 * forgets the file and the job so another can be sent; 'Concluir', the × and Escape close, and
 * `onClose(true)` tells that a file was sent (the table reloads). The recent imports are listed.
 */
export const ImportModal = ({ onClose }: { onClose: (sent: boolean) => void }) => {
  const { t } = useBackofficeTranslation();
  const showToast = useAppState((s) => s.showToast);
  const upload = useUpload();
  const send = useUploadClients();
  const reloadImports = useReloadImports();
  const { error, setError, run } = useSubmit();
  const [fileName, setFileName] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const query = useQuery({ ...importJobQuery(jobId ?? 0), enabled: jobId !== null });
  const job = jobId !== null ? query.data : undefined;
  const statusRef = useRef<HTMLDivElement>(null);
  const fieldRef = useRef<HTMLDivElement>(null);
  const announced = useRef<number | null>(null);
  const idle = fileName === null && jobId === null;

  // A finished job says so once: a toast with its counts, and the list of imports reloads.
  useEffect(() => {
    if (!job || isActiveImport(job.status) || announced.current === job.id) return;
    announced.current = job.id;
    void reloadImports();
    if (job.status === 'done') {
      showToast(changedNothing(job) ? t('clients.importer.nothingChanged') : t('clients.importer.doneToast', counts(job)), 'success');
    }
  }, [job, reloadImports, showToast, t]);

  // The focus follows the flow: to the progress once a file is chosen, back to the field after 'Limpar'.
  useEffect(() => {
    if (idle) fieldRef.current?.querySelector<HTMLElement>('button')?.focus();
    else statusRef.current?.focus();
  }, [idle]);

  const choose = (file: File) =>
    run(
      async () => {
        setFileName(file.name);
        setSent(true);
        const answer = await upload.track((options) => send.mutateAsync({ file, upload: options }));
        setJobId(answer.data.id);
      },
      () => setFileName(null),
    );

  const clear = () => {
    setFileName(null);
    setJobId(null);
    setError(null);
  };

  const close = () => onClose(sent);

  return (
    <Modal title={t('clients.importer.title')} subtitle={t('clients.importer.subtitle')} onClose={close} wide>
      <Box>
        <InfoNote as="div">
          <strong>{t('clients.importer.columnsTitle')}</strong>
          <ul className="columns">
            <li>{t('clients.importer.columnsHeader')}</li>
            <li>{t('clients.importer.columnsRequired')}</li>
            <li>{t('clients.importer.columnsOptional')}</li>
            <li>{t('clients.importer.columnsRest')}</li>
          </ul>
        </InfoNote>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        {idle ? (
          <div ref={fieldRef}>
            <FileField
              label={t('clients.importer.file')}
              accept={IMPORT_ACCEPT}
              hint={t('clients.importer.fileHint')}
              current={null}
              file={null}
              removed={false}
              onChoose={(file) => void choose(file)}
              onRemove={clear}
              removeLabel={t('clients.importer.clear')}
              chooseLabel={t('clients.importer.choose')}
            />
          </div>
        ) : (
          <div className="status" ref={statusRef} tabIndex={-1} role="group" aria-label={t('clients.importer.status')}>
            {fileName && <p className="file">{t('clients.importer.fileName', { name: fileName })}</p>}
            <UploadProgress fraction={upload.fraction} onCancel={upload.cancel} label={t('clients.importer.sending')} />
            {job && <JobStatus job={job} />}
          </div>
        )}
        <ModalActions>
          {/* While the file goes up, its own 'Cancelar' stops it; Limpar waits for the answer. */}
          <Button type="button" $variant="ghost" disabled={upload.uploading || (idle && !error)} onClick={clear}>
            {t('clients.importer.clear')}
          </Button>
          <Button type="button" onClick={close}>
            {t('clients.importer.finish')}
          </Button>
        </ModalActions>
        <RecentImports />
      </Box>
    </Modal>
  );
};
