import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { LanguageSwitcher } from '../shared/ui/LanguageSwitcher';
import { AgendaNotice } from './agenda/AgendaNotice';
import { useAgendaClient } from './agenda/api';
import { NavBar } from './NavBar';
import { NotFound } from '../shared/ui/NotFound';
import { useEvent, useEventId } from './event/api';

const Corner = styled.header`
  position: fixed;
  top: 16px;
  right: 16px;
  z-index: 100;
`;

/**
 * Every /plataforma/{slug} page: black background, the language choice, the navigation bar and,
 * for a signed-in client, the notice of a starred lecture about to start; an unknown event gets a
 * clear page.
 */
export const PlatformLayout = () => {
  const { t } = useTranslation();
  const eventId = useEventId();
  const event = useEvent(eventId);
  const signedIn = useAgendaClient() !== null;

  useEffect(() => {
    document.body.classList.add('platform');
    return () => document.body.classList.remove('platform');
  }, []);

  if (eventId === null || event.error?.status === 404) {
    return <NotFound title={t('platform.eventNotFound')} hint={t('platform.eventNotFoundHint')} />;
  }
  return (
    <>
      <Corner>
        <LanguageSwitcher />
      </Corner>
      <Outlet />
      {signedIn && <AgendaNotice />}
      <NavBar />
    </>
  );
};
