import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatDateTime, JOB_STATES, type JobState } from '@plataforma/adapter';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { useBackofficeTranslation } from '../i18n';
import { DataTable, type Column, type TableQuery } from '../ui/DataTable';
import { DetailList } from '../ui/DetailList';
import { ErrorAlert, SelectField } from '../ui/Form';
import { Modal, ModalActions } from '../ui/Modal';
import { PageHeader } from '../ui/PageHeader';
import { useSubmit } from '../ui/useSubmit';
import { jobsListQuery, useJobSummary, useRetryJob, type JobRow } from './api';

const Filters = styled.div`
  display: grid;
  gap: 0 16px;
  grid-template-columns: repeat(auto-fit, minmax(220px, 320px));
  align-items: start;
`;

const Summary = styled.table`
  width: 100%;
  margin: 0 0 24px;
  border-collapse: collapse;
  background: #fff;
  border-radius: 12px;
  overflow: hidden;
  th,
  td {
    padding: 8px 12px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: right;
  }
  th:first-child,
  td:first-child {
    text-align: left;
  }
`;

const isState = (value: string | null): value is JobState => value !== null && (JOB_STATES as readonly string[]).includes(value);

/**
 * /cms/tarefas (admin, decision 079): each kind of job with its counts by state, then the jobs
 * newest first, filtered by kind and state (kept in the URL); a row opens its details with the
 * error of a failed attempt, and 'Tentar de novo' queues a dead one again.
 */
export const TasksPage = () => {
  const { t } = useBackofficeTranslation();
  const showToast = useAppState((s) => s.showToast);
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind');
  const stateParam = params.get('state');
  const state = isState(stateParam) ? stateParam : null;
  const [open, setOpen] = useState<JobRow | null>(null);
  const summary = useJobSummary();
  const retry = useRetryJob();
  const { error, submitting, run } = useSubmit();

  const listQuery = useCallback((query: TableQuery) => jobsListQuery(query, { kind, state }), [kind, state]);
  const setFilter = (name: 'kind' | 'state', value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const columns: Column<JobRow>[] = [
    { key: 'createdAt', label: t('jobs.columns.createdAt'), render: (job) => formatDateTime(job.createdAt) },
    { key: 'kind', label: t('jobs.columns.kind') },
    { key: 'state', label: t('jobs.columns.state'), render: (job) => t(`jobs.states.${job.state}`) },
    { key: 'attempts', label: t('jobs.columns.attempts'), render: (job) => `${job.attempts}/${job.maxAttempts}` },
    { key: 'error', label: t('jobs.columns.error'), secondary: true, render: (job) => job.error ?? '' },
  ];

  const retryOpen = () =>
    run(async () => {
      if (!open) return;
      const answer = await retry.mutateAsync(open.jobId);
      showToast(messageText(answer.msg), 'success');
      setOpen(null);
    });

  return (
    <>
      <PageHeader title={t('jobs.title')} />
      {summary.data && summary.data.length > 0 && (
        <Summary>
          <caption className="visually-hidden">{t('jobs.summary')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('jobs.columns.kind')}</th>
              {JOB_STATES.map((name) => (
                <th scope="col" key={name}>
                  {t(`jobs.states.${name}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {summary.data.map((entry) => (
              <tr key={entry.kind}>
                <th scope="row">{entry.kind}</th>
                {JOB_STATES.map((name) => (
                  <td key={name}>{entry.counts[name] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Summary>
      )}
      <Filters>
        <SelectField label={t('jobs.kind')} value={kind ?? ''} onChange={(event) => setFilter('kind', event.target.value || null)}>
          <option value="">{t('jobs.allKinds')}</option>
          {(summary.data ?? []).map((entry) => (
            <option key={entry.kind} value={entry.kind}>
              {entry.kind}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('jobs.state')} value={state ?? ''} onChange={(event) => setFilter('state', event.target.value || null)}>
          <option value="">{t('jobs.allStates')}</option>
          {JOB_STATES.map((name) => (
            <option key={name} value={name}>
              {t(`jobs.states.${name}`)}
            </option>
          ))}
        </SelectField>
      </Filters>
      <DataTable
        caption={t('jobs.title')}
        listQuery={listQuery}
        columns={columns}
        searchPlaceholder={t('jobs.search')}
        emptyText={t('jobs.empty')}
        onRowClick={setOpen}
      />
      {open && (
        <Modal title={t('jobs.details')} onClose={() => setOpen(null)}>
          <DetailList
            rows={[
              { label: t('jobs.fields.id'), value: open.jobId },
              { label: t('jobs.columns.kind'), value: open.kind },
              { label: t('jobs.columns.state'), value: t(`jobs.states.${open.state}`) },
              { label: t('jobs.columns.attempts'), value: `${open.attempts}/${open.maxAttempts}` },
              { label: t('jobs.fields.key'), value: open.key ?? '—' },
              { label: t('jobs.columns.createdAt'), value: formatDateTime(open.createdAt) },
              { label: t('jobs.fields.startAfter'), value: formatDateTime(open.startAfter) },
              { label: t('jobs.fields.startedAt'), value: open.startedAt ? formatDateTime(open.startedAt) : '—' },
              { label: t('jobs.fields.finishedAt'), value: open.finishedAt ? formatDateTime(open.finishedAt) : '—' },
              { label: t('jobs.columns.error'), value: open.error ?? '—', pre: true },
            ]}
          />
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <ModalActions>
            <Button type="button" $variant="ghost" onClick={() => setOpen(null)}>
              {t('jobs.close')}
            </Button>
            {open.state === 'dead' && (
              <Button type="button" onClick={retryOpen} disabled={submitting}>
                {t('jobs.retry')}
              </Button>
            )}
          </ModalActions>
        </Modal>
      )}
    </>
  );
};
