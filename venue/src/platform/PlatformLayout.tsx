import { useEffect, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import styled from 'styled-components';
import { LanguageSwitcher } from '../shared/ui/LanguageSwitcher';
import { AgendaNotice } from './agenda/AgendaNotice';
import { useMarkingClient } from './marks/useMarks';
import { NAV_ID, NavBar } from './NavBar';
import { NotFound } from '../shared/ui/NotFound';
import { useEvent, useEventId } from '../shared/event/api';

const Corner = styled.header`
  position: fixed;
  top: 16px;
  right: 16px;
  z-index: 100;
  /* A phone: inside the band above a hall's scene (PHONE_BAND), clear of its name sign. */
  @media (max-width: 639px) {
    top: 10px;
    right: 10px;
  }
`;

/**
 * The first stop of the keyboard on every platform page: straight to the navigation bar, past a
 * hall's many booths and doors. Hidden until it has focus.
 */
const SkipLink = styled.a`
  position: fixed;
  top: 8px;
  left: 50%;
  z-index: 300;
  padding: 10px 18px;
  border-radius: 999px;
  background: #a34100;
  color: #fff;
  font-weight: 700;
  text-decoration: none;
  transform: translate(-50%, -200%);
  --focus-ring: ${({ theme }) => theme.colors.focus};
  &:focus {
    transform: translate(-50%, 0);
  }
`;

/** Focuses the bar itself (the address keeps its path: the router never sees a hash change). */
const skipToNav = (event: MouseEvent) => {
  event.preventDefault();
  document.getElementById(NAV_ID)?.focus();
};

/**
 * Every /plataforma/{slug} page: black background, the language choice, the navigation bar and,
 * for a signed-in client, the notice of a starred lecture about to start; an unknown event gets a
 * clear page.
 */
export const PlatformLayout = () => {
  const { t } = useTranslation();
  const eventId = useEventId();
  const event = useEvent(eventId);
  const signedIn = useMarkingClient() !== null;

  useEffect(() => {
    document.body.classList.add('platform');
    return () => document.body.classList.remove('platform');
  }, []);

  if (eventId === null || event.error?.status === 404) {
    return <NotFound title={t('platform.eventNotFound')} hint={t('platform.eventNotFoundHint')} />;
  }
  return (
    <>
      <SkipLink href={`#${NAV_ID}`} onClick={skipToNav}>
        {t('platform.skipToNav')}
      </SkipLink>
      <Corner>
        <LanguageSwitcher />
      </Corner>
      <Outlet />
      {signedIn && <AgendaNotice />}
      <NavBar />
    </>
  );
};
