import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { useAppState } from '../../shared/state/store';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { StatusScreen } from '../../shared/ui/StatusScreen';
import { useEvent, useEventId } from '../event/api';
import { HALLS, type HallKey } from '../halls/registry';
import { HallItems, type Action } from '../halls/scene/HallItems';
import { Room } from '../halls/scene/parts';
import { Stage } from '../halls/scene/Stage';
import { SoftLoginModal } from '../session/SoftLoginModal';
import { VideoModal } from '../ui/VideoModal';
import { EventCaption } from './EventCaption';
import { LiveNow } from './LiveNow';
import { useHallItems } from './useHallItems';

// Its own chunk: only the help desk's 'Atendimento' opens it.
const ContactModal = lazy(async () => ({ default: (await import('../contact/ContactModal')).ContactModal }));

const Loading = styled.div`
  position: fixed;
  inset: 0;
  display: grid;
  place-items: center;
  pointer-events: none;
`;

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
  const [action, setAction] = useState<Action | null>(null);
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
  return (
    <>
      <Stage title={title}>
        <Room sign={name} />
        {items && <HallItems items={items} onAction={setAction} />}
        {hall.caption && event.data && <EventCaption event={event.data} />}
      </Stage>
      {hall.liveNow && items && <LiveNow live={live} slug={slug} />}
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
        <VideoModal
          title={action === 'welcomeVideo' ? t('halls.welcomeVideo') : t('halls.congressVideo')}
          link={action === 'welcomeVideo' ? event.data.venue.welcomeVideo : event.data.venue.congressVideo}
          onClose={() => setAction(null)}
        />
      )}
      {hall.open && !signedIn && <SoftLoginModal />}
    </>
  );
};
