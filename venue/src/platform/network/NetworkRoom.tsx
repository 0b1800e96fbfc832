import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Spinner } from '../../shared/ui/Spinner';
import { useEvent, useEventId } from '../../shared/event/api';
import { BackButton } from '../halls/BackButton';
import { DarkInput, FieldNote } from '../../shared/ui/fields';
import { ScreenPage } from '../../shared/ui/ScreenPage';
import { useNetworkConsent, useNetworkList, useSetNetworkConsent } from '../../shared/network/api';

/** SPEC §9: the search runs 3000 ms after the last keystroke (the list comes NETWORK_PAGE_SIZE at a time). */
export const SEARCH_DEBOUNCE_MS = 3000;

/** What the halls pass when they send a visitor here (SPEC §2.4: the event's name from navigation state). */
export interface NetworkState {
  eventName?: string;
}

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

const Page = styled(ScreenPage)`
  animation: ${fadeIn} 1s ease both;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 16px 24px;
  align-items: end;
  margin-bottom: 20px;
  .search {
    flex: 1 1 320px;
    display: grid;
    gap: 6px;
  }
  label {
    font-weight: 600;
  }
  .consent {
    display: grid;
    gap: 4px;
    max-width: 360px;
  }
  .consent label {
    display: flex;
    gap: 10px;
    align-items: center;
    min-height: 46px;
    cursor: pointer;
  }
  .consent input {
    width: 22px;
    height: 22px;
    accent-color: #a34100;
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 12px 14px;
    text-align: left;
    border-bottom: 1px solid rgba(255, 255, 255, 0.1);
    overflow-wrap: anywhere;
  }
  th {
    font-size: 0.85rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  .hidden-email {
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .links {
    display: flex;
    gap: 8px;
  }
  .links a,
  .links span {
    display: inline-grid;
    place-items: center;
    width: 36px;
    height: 36px;
    border-radius: 50%;
    font-weight: 800;
    text-decoration: none;
  }
  .links a {
    background: #a34100;
    color: #fff;
  }
  .links a:hover {
    background: #7a3100;
  }
  .links span {
    background: rgba(255, 255, 255, 0.08);
    color: rgba(255, 255, 255, 0.45);
    cursor: not-allowed;
  }
  @media (max-width: 639px) {
    thead {
      display: none;
    }
    tr {
      display: grid;
      padding: 12px 0;
      border-bottom: 1px solid rgba(255, 255, 255, 0.1);
    }
    td {
      border: 0;
      padding: 4px 0;
    }
  }
`;

const Status = styled.p`
  display: flex;
  gap: 10px;
  align-items: center;
  justify-content: center;
  min-height: 56px;
  margin: 0;
  color: ${({ theme }) => theme.colors.platformTextMuted};
`;

const SOCIAL = [
  { key: 'facebook', letter: 'f', label: 'Facebook' },
  { key: 'twitter', letter: 'X', label: 'Twitter' },
  { key: 'linkedIn', letter: 'in', label: 'LinkedIn' },
] as const;

/**
 * sala-network (SPEC §2.4): who is at the event and agreed to be listed, searched and scrolled;
 * an e-mail only for who chose to show it (issue 17, chosen on `/perfil`).
 */
export const NetworkRoom = () => {
  const { t } = useTranslation();
  const location = useLocation();
  const eventId = useEventId();
  const stateName = (location.state as NetworkState | null)?.eventName;
  const event = useEvent(stateName ? null : eventId);
  const eventName = stateName ?? event.data?.name;
  const showToast = useAppState((state) => state.showToast);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const sentinel = useRef<HTMLTableRowElement>(null);
  useDocumentTitle(t('halls.network.title'));

  // Runs only on non-empty text, 3 s after the last keystroke; clearing the box shows everyone again at once.
  useEffect(() => {
    const value = text.trim();
    if (!value) {
      setSearch('');
      return;
    }
    const timer = setTimeout(() => setSearch(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const list = useNetworkList(eventId, search);

  // A failure shows the translated message and stops searching (no retry loop).
  useEffect(() => {
    if (list.error) showToast(messageText(list.error.msg), 'error');
  }, [list.error, showToast]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = list;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isError) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isError, list.data]);

  const consent = useNetworkConsent();
  // The box follows the click at once; a refusal puts it back and says why.
  const [listed, setListed] = useState<boolean | null>(null);
  const setConsent = useSetNetworkConsent(eventId);
  const changeConsent = (value: boolean) => {
    setListed(value);
    setConsent.mutate(
      { listed: value },
      {
        onSuccess: (answer) => {
          setListed(answer.listed);
          showToast(answer.listed ? t('halls.network.consentOn') : t('halls.network.consentOff'), 'success');
        },
        onError: (error) => {
          setListed(null);
          showToast(messageText(error.msg), 'error');
        },
      },
    );
  };
  const checked = listed ?? consent.data?.listed ?? false;

  const people = list.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = list.data?.pages[0]?.count ?? 0;
  const searching = list.isFetching && !isFetchingNextPage;

  return (
    <Page $width={1080}>
      <div className="wrap">
        <BackButton />
        <h1>{t('halls.network.title')}</h1>
        <p className="intro">{eventName ? t('halls.network.intro', { event: eventName }) : t('halls.network.introNoEvent')}</p>
        <Toolbar>
          <div className="search">
            <label htmlFor="network-search">{t('halls.network.search')}</label>
            <DarkInput
              id="network-search"
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-describedby="network-search-hint"
            />
            <FieldNote id="network-search-hint">{t('halls.network.searchHint')}</FieldNote>
          </div>
          <div className="consent">
            <label>
              <input
                type="checkbox"
                checked={checked}
                disabled={!consent.data?.canChange}
                aria-describedby={consent.data && !consent.data.canChange ? 'network-consent-hint' : undefined}
                onChange={(event) => changeConsent(event.target.checked)}
              />
              {t('halls.network.consent')}
            </label>
            {consent.data && !consent.data.canChange && (
              <FieldNote id="network-consent-hint">{t('halls.network.consentNeedsPassword')}</FieldNote>
            )}
          </div>
        </Toolbar>
        <div aria-live="polite" className="visually-hidden">
          {list.data ? t('halls.network.count', { count: total }) : ''}
        </div>
        {searching && (
          <Status role="status">
            <Spinner size={22} /> {t('halls.network.searching')}
          </Status>
        )}
        {list.data && (
          <Table>
            <thead>
              <tr>
                <th scope="col">{t('halls.network.name')}</th>
                <th scope="col">{t('halls.network.email')}</th>
                <th scope="col">{t('halls.network.social')}</th>
              </tr>
            </thead>
            <tbody>
              {people.map((person, i) => (
                <tr key={`${person.name}-${i}`}>
                  <td>{person.name}</td>
                  <td>
                    {/* Only who chose to show it has an e-mail here (issue 17). */}
                    {person.email ? (
                      <a href={`mailto:${person.email}`}>{person.email}</a>
                    ) : (
                      <span className="hidden-email">{t('halls.network.emailHidden')}</span>
                    )}
                  </td>
                  <td>
                    <div className="links">
                      {SOCIAL.map(({ key, letter, label }) => {
                        const url = person[key];
                        return url ? (
                          <a
                            key={key}
                            href={url}
                            target="_blank"
                            rel="noopener noreferrer"
                            aria-label={t(`halls.network.${key}`, { name: person.name })}
                          >
                            {letter}
                          </a>
                        ) : (
                          <span key={key} role="img" aria-disabled="true" aria-label={t('halls.network.noLink', { network: label })}>
                            {letter}
                          </span>
                        );
                      })}
                    </div>
                  </td>
                </tr>
              ))}
              {hasNextPage && (
                <tr ref={sentinel}>
                  <td colSpan={3}>
                    <Status>
                      <Spinner size={20} /> {t('halls.network.loadingMore')}
                    </Status>
                  </td>
                </tr>
              )}
            </tbody>
          </Table>
        )}
        {list.data && people.length === 0 && <Status>{search ? t('halls.network.empty') : t('halls.network.emptyAll')}</Status>}
        {list.data && people.length > 0 && !hasNextPage && <Status>{t('halls.network.end')}</Status>}
      </div>
    </Page>
  );
};
