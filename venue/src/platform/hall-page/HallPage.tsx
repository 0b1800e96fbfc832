import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { StatusScreen } from '../../shared/ui/StatusScreen';
import { useEvent, useEventId } from '../../shared/event/api';
import { HALLS, type HallKey } from '../halls/registry';
import { HallItems } from '../halls/scene/HallItems';
import { Room } from '../halls/scene/parts';
import { Stage } from '../halls/scene/Stage';
import { SoftLoginModal } from '../session/SoftLoginModal';
import { EventCaption } from './EventCaption';
import { HallList } from './HallList';
import { LiveNow } from './LiveNow';
import { useHallItems } from './useHallItems';

// Its own chunk: only the help desk's 'Atendimento' opens it.
const ContactModal = lazy(async () => ({ default: (await import('../../shared/contact/ContactModal')).ContactModal }));
// Its own chunk too (the players and the video hosts' rules): only a hall's video button opens it.
const VideoModal = lazy(async () => ({ default: (await import('../ui/VideoModal')).VideoModal }));

const Loading = styled.div`
  position: fixed;
  inset: 0;
  display: grid;
  place-items: center;
  pointer-events: none;
`;

/**
 * Top left, opposite the language choice: the scene or its list twin. On a phone both sit in the
 * band above the scene (Stage's PHONE_BAND), clear of the hall's name sign.
 */
const ViewSwitch = styled.button`
  position: fixed;
  top: 16px;
  left: 16px;
  z-index: 100;
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 42px;
  padding: 0 14px;
  border-radius: 999px;
  border: 1px solid rgba(255, 255, 255, 0.18);
  background: rgba(0, 0, 0, 0.55);
  backdrop-filter: blur(6px);
  color: #f5f1ee;
  font: inherit;
  font-size: 0.85rem;
  font-weight: 700;
  cursor: pointer;
  --focus-ring: ${({ theme }) => theme.colors.focus};
  &:hover {
    background: rgba(163, 65, 0, 0.6);
  }
  svg {
    flex: none;
  }
  @media (max-width: 639px) {
    top: 10px;
    left: 10px;
  }
`;

const LIST_ICON = 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01';
const SCENE_ICON = 'M3 20h18M5 20V9l7-5 7 5v11M9 20v-6h6v6';

/**
 * A hall drawn as a place, as its registry entry says: the room, its parts from the API's data,
 * the video modal its screens open; on an open hall (hall-entrada) the soft login over it while
 * no client is signed in; where the entry says so, what is on now across the rooms ('Ao vivo agora').
 */
export const HallPage = ({ page }: { page: HallKey }) => {
  const { t } = useTranslation();
  const hall = HALLS[page];
  const event = useEvent(useEventId());
  const signedIn = useAppState((state) => state.auth.clientAuthenticated);
  const { slug = '' } = useParams();
  const { items, live, error, retry } = useHallItems(page);
  // In the store: the map, opened from the navigation bar, opens the same videos and desk.
  const action = useAppState((state) => state.hallAction);
  const setAction = useAppState((state) => state.setHallAction);
  // What a hall had open does not follow the visitor to the next page.
  useEffect(() => () => setAction(null), [page, setAction]);
  const view = useAppState((state) => state.hallView);
  const setView = useAppState((state) => state.setHallView);
  const name = t(`halls.names.${page}`);
  useDocumentTitle(event.data ? `${name} · ${event.data.name}` : name);

  if (error) {
    return (
      <StatusScreen title={event.error ? t('platform.loadError') : t('halls.loadError')} hint={messageText(error.msg)}>
        <Button type="button" onClick={retry}>
          {t('common.retry')}
        </Button>
      </StatusScreen>
    );
  }
  const title = event.data ? t('halls.pageTitle', { hall: name, event: event.data.name }) : name;
  const asList = view === 'list';
  return (
    <>
      <ViewSwitch type="button" onClick={() => setView(asList ? 'scene' : 'list')}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d={asList ? SCENE_ICON : LIST_ICON}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {asList ? t('halls.list.showScene') : t('halls.list.show')}
      </ViewSwitch>
      {asList ? (
        items && (
          <HallList title={title} items={items} onAction={setAction}>
            {hall.liveNow && <LiveNow live={live} slug={slug} inline />}
          </HallList>
        )
      ) : (
        <>
          <Stage title={title}>
            <Room sign={name} />
            {items && <HallItems items={items} onAction={setAction} />}
            {hall.caption && event.data && <EventCaption event={event.data} />}
          </Stage>
          {hall.liveNow && items && <LiveNow live={live} slug={slug} />}
        </>
      )}
      {!items && (
        <Loading>
          <Spinner size={40} label={t('common.loading')} />
        </Loading>
      )}
      {action === 'contact' && (
        <Suspense fallback={null}>
          <ContactModal onClose={() => setAction(null)} />
        </Suspense>
      )}
      {action && action !== 'contact' && event.data && (
        <Suspense fallback={null}>
          <VideoModal
            title={action === 'welcomeVideo' ? t('halls.welcomeVideo') : t('halls.congressVideo')}
            link={action === 'welcomeVideo' ? event.data.venue.welcomeVideo : event.data.venue.congressVideo}
            onClose={() => setAction(null)}
          />
        </Suspense>
      )}
      {hall.open && !signedIn && <SoftLoginModal />}
    </>
  );
};
