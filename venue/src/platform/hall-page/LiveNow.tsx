import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import type { CmsLecture } from '@plataforma/adapter';
import { useAppState } from '../../shared/state/store';
import { roomScreenPath } from '../halls/layouts';

const LIVE_RED = '#d7261e';

const pulse = keyframes`0%, 100% { opacity: 1; transform: scale(1); } 50% { opacity: 0.45; transform: scale(0.75); }`;

/**
 * Over the entrance's floor, bottom right (at 1920×1080 beside the last sponsor's totem: clear of
 * the hall's sign, the banner and the doors); on a phone a strip above the navigation bar,
 * closed until the visitor opens it.
 */
const Panel = styled.section<{ $inline?: boolean }>`
  position: fixed;
  z-index: 120;
  right: 24px;
  bottom: 96px;
  width: min(360px, 24vw);
  border-radius: 16px;
  background: rgba(18, 11, 7, 0.9);
  border: 1px solid rgba(255, 182, 140, 0.3);
  box-shadow: 0 10px 30px rgba(0, 0, 0, 0.55);
  backdrop-filter: blur(8px);
  color: #f5f1ee;
  overflow: hidden;
  @media (max-width: 1023px) {
    right: 12px;
    bottom: 80px;
    width: min(340px, calc(100vw - 24px));
  }
  @media (max-width: 639px) {
    left: 8px;
    right: 8px;
    bottom: calc(72px + env(safe-area-inset-bottom, 0px));
    width: auto;
  }
  /* In the hall's list twin: a section of the page, not a panel over the scene. */
  ${({ $inline }) => ($inline ? 'position: static; width: auto; margin: 0 0 8px;' : '')}
`;

const Heading = styled.h2`
  margin: 0;
  font-size: 1rem;
`;

const Toggle = styled.button`
  display: flex;
  align-items: center;
  gap: 10px;
  width: 100%;
  min-height: 44px;
  padding: 8px 14px;
  border: 0;
  background: transparent;
  color: inherit;
  font-weight: 800;
  letter-spacing: 0.04em;
  text-align: left;
  text-transform: uppercase;
  cursor: pointer;
  &:hover {
    background: rgba(163, 65, 0, 0.35);
  }
  &:focus-visible {
    outline-offset: -3px;
  }
  .chevron {
    margin-left: auto;
    transition: transform 150ms ease;
  }
  &[aria-expanded='true'] .chevron {
    transform: rotate(180deg);
  }
`;

const Dot = styled.span`
  flex: none;
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${LIVE_RED};
  box-shadow: 0 0 0 3px rgba(215, 38, 30, 0.35);
  animation: ${pulse} 1.6s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Count = styled.span`
  min-width: 24px;
  padding: 1px 8px;
  border-radius: 999px;
  background: ${LIVE_RED};
  color: #fff;
  font-size: 0.8rem;
  text-align: center;
`;

const List = styled.ul`
  margin: 0;
  padding: 0 6px 6px;
  list-style: none;
  max-height: min(34vh, 380px);
  overflow-y: auto;
  border-top: 1px solid rgba(255, 182, 140, 0.2);
  @media (max-width: 639px) {
    max-height: 45vh;
  }
`;

const Row = styled(Link)`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  gap: 2px 12px;
  margin-top: 6px;
  padding: 8px 10px;
  border-radius: 10px;
  color: inherit;
  text-decoration: none;
  &:hover {
    background: rgba(163, 65, 0, 0.45);
  }
  .room {
    grid-column: 1;
    color: #ffb68c;
    font-size: 0.78rem;
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.05em;
  }
  .title {
    grid-column: 1;
    font-weight: 700;
    line-height: 1.3;
    display: -webkit-box;
    -webkit-line-clamp: 2;
    -webkit-box-orient: vertical;
    overflow: hidden;
  }
  .watch {
    grid-column: 2;
    grid-row: 1 / span 2;
    padding: 6px 12px;
    border-radius: 999px;
    background: ${LIVE_RED};
    color: #fff;
    font-size: 0.85rem;
    font-weight: 800;
    white-space: nowrap;
  }
`;

const Chevron = () => (
  <svg className="chevron" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d="M6 15l6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/** Screen classes where the panel starts closed (tablets and phones: it would cover too much of the hall). */
const COMPACT = new Set(['xs', 'sm', 'md']);

/**
 * hall-entrada's 'Ao vivo agora': the lecture on now in each room (`live`, by room id), each a
 * link to the room's lecture screen, as the congress halls' doors lead. HTML over the scene (not
 * inside its SVG), so screen readers and the keyboard reach it; nothing at all when nothing is on.
 */
export const LiveNow = ({ live, slug, inline = false }: { live: ReadonlyMap<number, CmsLecture>; slug: string; inline?: boolean }) => {
  const { t } = useTranslation();
  const compact = useAppState((state) => COMPACT.has(state.layout.screen));
  const [open, setOpen] = useState<boolean | null>(null);
  const id = useId();
  const expanded = open ?? (inline || !compact);
  // Room by room, in the rooms' names order ('Sala 2' before 'Sala 10').
  const lectures = [...live.values()]
    .flatMap((lecture) => (lecture.room ? [{ id: lecture.id, title: lecture.name, room: lecture.room }] : []))
    .sort((a, b) => a.room.name.localeCompare(b.room.name, undefined, { numeric: true }));
  if (lectures.length === 0) return null;
  return (
    <Panel aria-labelledby={`${id}-heading`} $inline={inline}>
      <Heading id={`${id}-heading`}>
        <Toggle type="button" aria-expanded={expanded} aria-controls={`${id}-list`} onClick={() => setOpen(!expanded)}>
          <Dot aria-hidden="true" />
          {t('halls.live.now')}
          <Count aria-hidden="true">{lectures.length}</Count>
          <Chevron />
        </Toggle>
      </Heading>
      <List id={`${id}-list`} hidden={!expanded}>
        {lectures.map(({ id: key, title, room }) => (
          <li key={key}>
            <Row to={roomScreenPath(slug, room.id)} title={title} aria-label={t('halls.live.watchLabel', { room: room.name, title })}>
              <span className="room">{room.name}</span>
              <span className="title">{title}</span>
              <span className="watch">{t('halls.live.watch')}</span>
            </Row>
          </li>
        ))}
      </List>
    </Panel>
  );
};
