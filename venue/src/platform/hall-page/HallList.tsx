import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { HallItem } from '../halls/layouts';
import type { Action } from '../halls/scene/HallItems';
import { ScreenPage } from '../../shared/ui/ScreenPage';

/** The list's sections, in this order; each item's kind belongs to one (lounges are furniture, never listed). */
export const LIST_GROUPS = ['doors', 'booths', 'screens', 'sponsors', 'desks'] as const;
export type ListGroup = (typeof LIST_GROUPS)[number];

const GROUP_OF: Record<HallItem['kind'], ListGroup | null> = {
  door: 'doors',
  arrow: 'doors',
  booth: 'booths',
  screen: 'screens',
  banner: 'screens',
  totem: 'sponsors',
  desk: 'desks',
  lounge: null,
};

/**
 * The hall's parts by section, each section in scene order (left to right, then back to front):
 * the same list that draws the scene and the map, so the twin never disagrees with the drawing.
 * A banner that leads nowhere is decoration and is left out; a closed door or a free booth stays,
 * as text, since it says what the place holds.
 */
export const listGroups = (items: readonly HallItem[]): Array<{ group: ListGroup; items: HallItem[] }> => {
  const listed = items.filter((item) => GROUP_OF[item.kind] !== null && !(item.kind === 'banner' && !item.target));
  const ordered = [...listed].sort((a, b) => a.x - b.x || a.y - b.y);
  return LIST_GROUPS.map((group) => ({ group, items: ordered.filter((item) => GROUP_OF[item.kind] === group) })).filter(
    (section) => section.items.length > 0,
  );
};

const Page = styled(ScreenPage)`
  /* Below the list switch and the language choice, which stay at the top corners. */
  padding-top: 72px;
  h2.group {
    margin: 28px 0 10px;
    font-size: 1.15rem;
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  ul {
    display: grid;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const entryStyle = `
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 12px;
  width: 100%;
  min-height: 48px;
  padding: 10px 16px;
  border-radius: 12px;
  border: 1px solid rgba(255, 182, 140, 0.25);
  background: rgba(18, 11, 7, 0.8);
  color: #f5f1ee;
  font: inherit;
  font-weight: 600;
  text-align: left;
  text-decoration: none;
`;

const EntryLink = styled(Link)`
  ${entryStyle}
  &:hover {
    background: rgba(163, 65, 0, 0.45);
  }
`;
const EntryAnchor = styled.a`
  ${entryStyle}
  &:hover {
    background: rgba(163, 65, 0, 0.45);
  }
`;
const EntryButton = styled.button`
  ${entryStyle}
  cursor: pointer;
  &:hover {
    background: rgba(163, 65, 0, 0.45);
  }
`;
const EntryText = styled.span`
  ${entryStyle}
  border-style: dashed;
  color: ${({ theme }) => theme.colors.platformTextMuted};
  font-weight: 400;
`;

/** One part: a link to where it leads, a button for what it opens, or its name when it leads nowhere. */
const Entry = ({ item, onAction }: { item: HallItem; onAction?: (action: Action) => void }) => {
  // The accessible name is the text: it says where the part leads (a door's lecture on now, a new tab).
  const body = item.label;
  const target = item.target;
  if (!target) return <EntryText>{body}</EntryText>;
  if ('to' in target) {
    return (
      <EntryLink to={target.to} state={target.state}>
        {body}
      </EntryLink>
    );
  }
  if ('href' in target) {
    return (
      <EntryAnchor href={target.href} target="_blank" rel="noopener noreferrer">
        {body}
      </EntryAnchor>
    );
  }
  return (
    <EntryButton type="button" onClick={() => onAction?.(target.action)}>
      {body}
    </EntryButton>
  );
};

/**
 * The list twin of a hall ('Ver como lista'): the hall's parts as headings and links in scene
 * order, for screen readers, the keyboard, phones and slow connections. `children` comes after
 * the title (the entrance's 'Ao vivo agora').
 */
export const HallList = ({
  title,
  items,
  onAction,
  children,
}: {
  title: string;
  items: readonly HallItem[];
  onAction?: (action: Action) => void;
  children?: ReactNode;
}) => {
  const { t } = useTranslation();
  const groups = listGroups(items);
  return (
    <Page $width={760} data-testid="hall-list">
      <div className="wrap">
        <h1>{title}</h1>
        <p className="intro">{t('halls.list.intro')}</p>
        {children}
        {groups.length === 0 && <p>{t('halls.list.empty')}</p>}
        {groups.map(({ group, items: entries }) => (
          <section key={group} aria-labelledby={`hall-list-${group}`}>
            <h2 className="group" id={`hall-list-${group}`}>
              {t(`halls.list.groups.${group}`)}
            </h2>
            <ul>
              {entries.map((item) => (
                <li key={item.key}>
                  <Entry item={item} onAction={onAction} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Page>
  );
};
