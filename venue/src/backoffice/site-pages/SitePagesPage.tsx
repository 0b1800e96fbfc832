import { useCallback, useDeferredValue, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { formatDateTime, SITE_PAGES, sitePageTextSchema, type CmsSitePage, type SitePageKey } from '@plataforma/adapter';
import { blocksToText, textToBlocks } from '@plataforma/adapter/blocks-text';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { SITE_PAGE_PATHS } from '../../shared/site-pages/api';
import { Prose } from '../../shared/site-pages/Prose';
import { RichText } from '../../shared/site-pages/RichText';
import { useBackofficeTranslation } from '../i18n';
import { ErrorAlert, TextArea, TextField } from '../ui/Form';
import { PageHeader } from '../ui/PageHeader';
import { useLeaveWarning } from '../ui/useLeaveWarning';
import { useSchemaForm } from '../ui/useSchemaForm';
import { ViewOnSite } from '../ui/ViewOnSite';
import { useCmsSitePage, useSaveSitePage } from './api';

const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  margin-bottom: 20px;
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};
  button {
    min-height: 44px;
    margin-bottom: -2px;
    padding: 0 18px;
    border: 0;
    border-bottom: 3px solid transparent;
    background: none;
    color: ${({ theme }) => theme.colors.textMuted};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  button[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 24px;
  align-items: start;
  @media (max-width: 1023px) {
    grid-template-columns: minmax(0, 1fr);
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 16px;
    align-items: baseline;
    margin: 0 0 16px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  textarea {
    min-height: 55vh;
    resize: vertical;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace;
    font-size: 0.9rem;
    line-height: 1.55;
    tab-size: 4;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 12px;
  }
`;

/** The page as the site draws it: the venue's dark page, the site's own type and `RichText`. */
const Preview = styled.section`
  position: sticky;
  top: 16px;
  max-height: calc(100vh - 32px);
  overflow: auto;
  padding: 4px 24px 24px;
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.platformBackground};
  color: ${({ theme }) => theme.colors.platformText};
  --focus-ring: ${({ theme }) => theme.colors.focus};
  .label {
    margin: 12px 0 0;
    font-size: 0.8rem;
    font-weight: 600;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .title {
    margin: 12px 0 8px;
    font-size: 1.9rem;
    font-weight: 700;
    line-height: 1.25;
  }
  .empty {
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
`;

/** The tab of a page in the address (`?pagina=termos`): the site's own path, without its slash. */
const slugOf = (page: SitePageKey): string => SITE_PAGE_PATHS[page].slice(1);

type OnDirtyChange = (page: SitePageKey, dirty: boolean) => void;

/** The form of one page: title, the body as Markdown-like text, its live preview and the save. */
const PageForm = ({ page, stored, onDirtyChange }: { page: SitePageKey; stored: CmsSitePage; onDirtyChange: OnDirtyChange }) => {
  const { t } = useBackofficeTranslation();
  const headingId = useId();
  // The stored body's images are kept by the text's placeholder lines (they are added in /admin).
  const schema = useMemo(() => sitePageTextSchema(stored.body), [stored.body]);
  const { form, error, submitting, submit } = useSchemaForm(schema, { title: stored.title, text: blocksToText(stored.body) });
  const save = useSaveSitePage();
  const showToast = useAppState((s) => s.showToast);
  const title = form.watch('title');
  const text = useDeferredValue(form.watch('text'));
  const preview = useMemo(() => textToBlocks(text, stored.body), [text, stored.body]);
  const dirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(page, dirty), [dirty, onDirtyChange, page]);

  const onSubmit = submit(async (input) => {
    const answer = await save.mutateAsync({ page, input });
    // What was stored, as the editor writes it (the text shown again is the stored body's).
    form.reset({ title: answer.data.title, text: blocksToText(answer.data.body) });
    showToast(messageText(answer.msg), 'success');
  });

  // Ctrl+S (⌘S) saves, as in a text editor.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      if (!submitting) void onSubmit();
    }
  };

  return (
    <Layout>
      <form noValidate onSubmit={onSubmit} onKeyDown={onKeyDown} aria-label={t(`sitePages.names.${page}`)}>
        <p className="meta">
          <span>{stored.updatedAt ? t('sitePages.updated', { date: formatDateTime(stored.updatedAt) }) : t('sitePages.never')}</span>
          <ViewOnSite href={SITE_PAGE_PATHS[page]} name={t(`sitePages.names.${page}`)} />
        </p>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <TextField label={t('sitePages.fields.title')} required maxLength={200} {...form.register('title')} />
        <TextArea label={t('sitePages.fields.body')} hint={t('sitePages.hint')} rows={24} spellCheck {...form.register('text')} />
        <div className="actions">
          <Button type="submit" disabled={submitting}>
            {submitting ? t('form.saving') : t('form.save')}
          </Button>
          {dirty && (
            <Button
              type="button"
              $variant="ghost"
              disabled={submitting}
              onClick={() => form.reset({ title: stored.title, text: blocksToText(stored.body) })}
            >
              {t('sitePages.discard')}
            </Button>
          )}
        </div>
      </form>
      {/* Focusable: a keyboard scrolls a long preview too. */}
      <Preview aria-labelledby={headingId} tabIndex={0}>
        <h2 className="label" id={headingId}>
          {t('sitePages.preview')}
        </h2>
        <Prose>
          <p className="title">{title.trim() || t(`sitePages.names.${page}`)}</p>
          {preview.length > 0 ? <RichText blocks={preview} /> : <p className="empty">{t('sitePages.previewEmpty')}</p>}
        </Prose>
      </Preview>
    </Layout>
  );
};

/** One page's panel: its form once the page is read, the spinner before, the error with a retry. */
const PageEditor = ({ page, onDirtyChange }: { page: SitePageKey; onDirtyChange: OnDirtyChange }) => {
  const { t } = useBackofficeTranslation();
  const query = useCmsSitePage(page);
  if (query.isPending) return <Spinner />;
  if (query.isError)
    return (
      <ErrorAlert>
        {messageText(query.error.msg)}{' '}
        <Button type="button" $variant="ghost" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorAlert>
    );
  return <PageForm page={page} stored={query.data} onDirtyChange={onDirtyChange} />;
};

/**
 * /cms/paginas (admin): the site's terms of use and 'about us', a tab each (the tab in the
 * address). Both forms stay open while the other tab shows, so switching loses nothing; leaving
 * the screen with unsaved changes asks first. Decision 030.
 */
export const SitePagesPage = () => {
  const { t } = useBackofficeTranslation();
  const base = useId();
  const [params, setParams] = useSearchParams();
  const selected = SITE_PAGES.find((page) => slugOf(page) === params.get('pagina')) ?? SITE_PAGES[0];
  const tabs = useRef<Partial<Record<SitePageKey, HTMLButtonElement | null>>>({});
  const [dirtyPages, setDirtyPages] = useState<ReadonlySet<SitePageKey>>(() => new Set());
  const dirty = useRef(false);
  useEffect(() => {
    dirty.current = dirtyPages.size > 0;
  }, [dirtyPages]);
  useLeaveWarning(dirty);

  const onDirtyChange = useCallback<OnDirtyChange>((page, value) => {
    setDirtyPages((current) => {
      if (current.has(page) === value) return current;
      const next = new Set(current);
      if (value) next.add(page);
      else next.delete(page);
      return next;
    });
  }, []);

  const select = (page: SitePageKey) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('pagina', slugOf(page));
        return next;
      },
      { replace: true },
    );

  const onKeyDown = (event: KeyboardEvent) => {
    const at = SITE_PAGES.indexOf(selected);
    const moves: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: SITE_PAGES.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = SITE_PAGES[(moves[event.key] + SITE_PAGES.length) % SITE_PAGES.length];
    select(next);
    tabs.current[next]?.focus();
  };

  return (
    <>
      <PageHeader title={t('sitePages.title')} />
      <p>{t('sitePages.intro')}</p>
      <Tabs role="tablist" aria-label={t('sitePages.tabs')} onKeyDown={onKeyDown}>
        {SITE_PAGES.map((page) => (
          <button
            key={page}
            ref={(element) => {
              tabs.current[page] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${page}`}
            aria-controls={`${base}-panel-${page}`}
            aria-selected={page === selected}
            tabIndex={page === selected ? 0 : -1}
            onClick={() => select(page)}
          >
            {t(`sitePages.names.${page}`)}
            {dirtyPages.has(page) && (
              <>
                <span aria-hidden="true"> •</span>
                <span className="visually-hidden"> ({t('sitePages.unsaved')})</span>
              </>
            )}
          </button>
        ))}
      </Tabs>
      {SITE_PAGES.map((page) => (
        <div key={page} role="tabpanel" id={`${base}-panel-${page}`} aria-labelledby={`${base}-tab-${page}`} hidden={page !== selected}>
          <PageEditor page={page} onDirtyChange={onDirtyChange} />
        </div>
      ))}
    </>
  );
};
