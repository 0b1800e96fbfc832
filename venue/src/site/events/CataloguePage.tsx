import '../../shared/i18n/site';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { DarkInput, DarkSelect } from '../../shared/ui/fields';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { useCatalogue, useCategories, useFeaturedEvents } from './api';
import { EventCard } from './EventCard';
import { orderFor, WHEN_PARAM, type WhenParam } from './format';

/** Twelve cards a page: three rows of four on a large screen, six of two on a tablet. */
export const CATALOGUE_PAGE_SIZE = 12;
/** The search waits this long after the last key before asking the server. */
export const SEARCH_DELAY_MS = 350;

const WHENS: WhenParam[] = ['todos', 'proximos', 'encerrados'];

const Filters = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) auto;
  gap: 12px 16px;
  align-items: end;
  margin: 0 0 28px;
  label,
  legend {
    display: block;
    margin-bottom: 6px;
    font-weight: 600;
    font-size: 0.92rem;
  }
  fieldset {
    margin: 0;
    padding: 0;
    border: 0;
  }
  @media (max-width: 767px) {
    grid-template-columns: 1fr;
  }
`;

const Segmented = styled.div`
  display: inline-flex;
  gap: 2px;
  padding: 3px;
  border-radius: 999px;
  border: 1px solid rgba(255, 255, 255, 0.3);
  label {
    margin: 0;
  }
  input {
    position: absolute;
    opacity: 0;
    width: 1px;
    height: 1px;
  }
  span {
    display: inline-flex;
    align-items: center;
    min-height: 38px;
    padding: 0 14px;
    border-radius: 999px;
    font-weight: 600;
    cursor: pointer;
  }
  input:checked + span {
    background: ${({ theme }) => theme.colors.primary};
    color: #fff;
  }
  input:focus-visible + span {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
  }
`;

const Grid = styled.ul<{ $featured?: boolean }>`
  display: grid;
  grid-template-columns: repeat(${({ $featured }) => ($featured ? 'auto-fill, minmax(200px, 1fr)' : 'auto-fill, minmax(240px, 1fr)')});
  gap: 20px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Section = styled.section`
  margin-bottom: 40px;
  h2 {
    margin: 0 0 14px;
    font-size: 1.35rem;
  }
  h2:focus {
    outline: none;
  }
  .count {
    margin: -6px 0 16px;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
`;

const Pager = styled.nav`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 16px;
  margin-top: 28px;
  p {
    margin: 0;
  }
`;

const PillButton = styled.button`
  min-height: 44px;
  padding: 0 20px;
  border-radius: 999px;
  border: 1px solid rgba(255, 182, 140, 0.5);
  background: transparent;
  color: inherit;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: rgba(163, 65, 0, 0.45);
  }
  &:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }
`;

const Empty = styled.div`
  display: grid;
  justify-items: start;
  gap: 12px;
  padding: 28px;
  border-radius: 12px;
  border: 1px dashed rgba(255, 182, 140, 0.35);
  p {
    margin: 0;
  }
`;

const Placeholder = styled.li`
  aspect-ratio: 252 / 260;
  border-radius: 12px;
  background: rgba(255, 255, 255, 0.06);
`;

const pageOf = (value: string | null): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/**
 * `/eventos`: the public catalogue. The featured events first (on the first page without
 * filters), then every published event: search by name, a category, upcoming or ended, twelve
 * a page. The filters live in the address (`?busca=&categoria=&quando=&pagina=`), so the back
 * button and a shared link keep them.
 */
export const CataloguePage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('site.catalogue.title'));
  const [params, setParams] = useSearchParams();
  const search = params.get('busca') ?? '';
  const categoryParam = Number(params.get('categoria'));
  const categoryId = Number.isSafeInteger(categoryParam) && categoryParam > 0 ? categoryParam : undefined;
  const when: WhenParam = WHENS.includes(params.get('quando') as WhenParam) ? (params.get('quando') as WhenParam) : 'todos';
  const page = pageOf(params.get('pagina'));
  const filtered = search !== '' || categoryId !== undefined || when !== 'todos';

  const [typed, setTyped] = useState(search);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const ids = { search: useId(), category: useId(), results: useId(), featured: useId() };

  /** Changes some filters; any change but the page's goes back to page 1. */
  const update = (changes: Record<string, string | null>) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('pagina' in changes)) next.delete('pagina');
        return next;
      },
      { replace: !('pagina' in changes) },
    );
  };

  // The address changed by itself (back, 'Limpar filtros'): the field follows it, but never
  // trims what is being typed ('medicina ' before 'intensiva').
  useEffect(() => setTyped((current) => (current.trim() === search ? current : search)), [search]);
  useEffect(() => {
    if (typed.trim() === search) return;
    const timer = window.setTimeout(() => update({ busca: typed.trim() }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text restarts the wait
  }, [typed]);

  const catalogue = useCatalogue({
    search: search || undefined,
    categoryId,
    when: when === 'todos' ? undefined : WHEN_PARAM[when],
    order: orderFor(when),
    limit: CATALOGUE_PAGE_SIZE,
    offset: (page - 1) * CATALOGUE_PAGE_SIZE,
  });
  const featured = useFeaturedEvents(!filtered && page === 1);
  const categories = useCategories();

  const count = catalogue.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / CATALOGUE_PAGE_SIZE));

  const goTo = (next: number) => {
    update({ pagina: next > 1 ? String(next) : null });
    // Focus takes keyboard and screen-reader users (and the scroll) to the new page's heading.
    resultsHeading.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ busca: typed.trim() });
  };

  const clear = () => {
    setTyped('');
    setParams(new URLSearchParams(), { replace: true });
  };

  const featuredRows = !filtered && page === 1 ? (featured.data?.rows ?? []) : [];

  return (
    <ScreenPage $width={1200}>
      <div className="wrap">
        <h1>{t('site.catalogue.title')}</h1>
        <p className="intro">{t('site.catalogue.intro')}</p>

        <Filters role="search" onSubmit={submit} aria-label={t('site.catalogue.filters')}>
          <div>
            <label htmlFor={ids.search}>{t('site.catalogue.search')}</label>
            <DarkInput
              id={ids.search}
              type="search"
              value={typed}
              maxLength={100}
              placeholder={t('site.catalogue.searchPlaceholder')}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor={ids.category}>{t('site.catalogue.category')}</label>
            <DarkSelect id={ids.category} value={categoryId ?? ''} onChange={(e) => update({ categoria: e.target.value || null })}>
              <option value="">{t('site.catalogue.allCategories')}</option>
              {(categories.data?.rows ?? []).map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </DarkSelect>
          </div>
          <fieldset>
            <legend>{t('site.catalogue.when')}</legend>
            <Segmented>
              {WHENS.map((value) => (
                <label key={value}>
                  <input
                    type="radio"
                    name="quando"
                    value={value}
                    checked={when === value}
                    onChange={() => update({ quando: value === 'todos' ? null : value })}
                  />
                  <span>{t(`site.catalogue.whenOptions.${value}`)}</span>
                </label>
              ))}
            </Segmented>
          </fieldset>
        </Filters>

        {featuredRows.length > 0 && (
          <Section aria-labelledby={ids.featured}>
            <h2 id={ids.featured}>{t('site.catalogue.featured')}</h2>
            <Grid $featured>
              {featuredRows.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} featured />
                </li>
              ))}
            </Grid>
          </Section>
        )}

        <Section aria-labelledby={ids.results} aria-busy={catalogue.isFetching}>
          <h2 id={ids.results} ref={resultsHeading} tabIndex={-1}>
            {filtered ? t('site.catalogue.results') : t('site.catalogue.all')}
          </h2>
          <p className="count" role="status">
            {catalogue.data ? t('site.catalogue.count', { count }) : ''}
          </p>
          {catalogue.isError && !catalogue.data ? (
            <Empty role="alert">
              <p>{messageText(catalogue.error.msg) || t('site.catalogue.loadError')}</p>
              <PillButton type="button" onClick={() => void catalogue.refetch()}>
                {t('common.retry')}
              </PillButton>
              {filtered && (
                <PillButton type="button" onClick={clear}>
                  {t('site.catalogue.clear')}
                </PillButton>
              )}
            </Empty>
          ) : !catalogue.data ? (
            <Grid aria-hidden="true">
              {Array.from({ length: 4 }, (_, i) => (
                <Placeholder key={i} />
              ))}
            </Grid>
          ) : catalogue.data.rows.length === 0 ? (
            <Empty>
              <p>{filtered ? t('site.catalogue.emptyFiltered') : t('site.catalogue.empty')}</p>
              {filtered && (
                <PillButton type="button" onClick={clear}>
                  {t('site.catalogue.clear')}
                </PillButton>
              )}
            </Empty>
          ) : (
            <Grid>
              {catalogue.data.rows.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} />
                </li>
              ))}
            </Grid>
          )}
          {pages > 1 && (
            <Pager aria-label={t('site.catalogue.pages')}>
              <PillButton type="button" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                {t('site.catalogue.previous')}
              </PillButton>
              <p>{t('site.catalogue.pageOf', { page, pages })}</p>
              <PillButton type="button" disabled={page >= pages} onClick={() => goTo(page + 1)}>
                {t('site.catalogue.next')}
              </PillButton>
            </Pager>
          )}
        </Section>
      </div>
    </ScreenPage>
  );
};
