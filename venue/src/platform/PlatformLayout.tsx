import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { NotFound } from '../shared/ui/NotFound';
import { useEvent, useEventId } from './useEvent';

/** Every /plataforma/{slug} page: black background; an unknown event gets a clear page. */
export const PlatformLayout = () => {
  const { t } = useTranslation();
  const eventId = useEventId();
  const event = useEvent(eventId);

  useEffect(() => {
    document.body.classList.add('platform');
    return () => document.body.classList.remove('platform');
  }, []);

  useEffect(() => {
    if (event.data) document.title = `${event.data.name} · Plataforma de Eventos`;
  }, [event.data]);

  if (eventId === null || event.error?.status === 404) {
    return <NotFound title={t('platform.eventNotFound')} hint={t('platform.eventNotFoundHint')} />;
  }
  return <Outlet />;
};
