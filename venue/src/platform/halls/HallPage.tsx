import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { messageText } from '../../shared/i18n';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { StatusScreen } from '../../shared/ui/StatusScreen';
import { useEvent, useEventId } from '../useEvent';
import type { PageKey } from './config';
import { HallItems, type Action } from './scene/HallItems';
import { Room } from './scene/parts';
import { Stage } from './scene/Stage';
import { useHallItems } from './useHallItems';
import { VideoModal } from './VideoModal';

const Loading = styled.div`
  position: fixed;
  inset: 0;
  display: grid;
  place-items: center;
  pointer-events: none;
`;

/** A hall drawn as a place: the room, its parts from the API's data, the video modal its screens open. */
export const HallPage = ({ page, children, scene }: { page: PageKey; children?: ReactNode; scene?: ReactNode }) => {
  const { t } = useTranslation();
  const event = useEvent(useEventId());
  const { items, error, retry } = useHallItems(page);
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
        {scene}
      </Stage>
      {!items && (
        <Loading>
          <Spinner size={40} label={t('common.loading')} />
        </Loading>
      )}
      {action && event.data && (
        <VideoModal
          title={action === 'welcomeVideo' ? t('halls.welcomeVideo') : t('halls.congressVideo')}
          link={action === 'welcomeVideo' ? event.data.venue.welcomeVideo : event.data.venue.congressVideo}
          onClose={() => setAction(null)}
        />
      )}
      {children}
    </>
  );
};
