import '../../shared/i18n/site';
import '../../shared/commerce/texts';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { PriceText } from '../../shared/commerce/PriceText';
import { dayInWords } from '../../shared/i18n/dates';
import { useAppState } from '../../shared/state/store';
import { priceTag } from '../../shared/commerce/price';
import { useTick } from '../../shared/hooks/useTick';
import { hourOf, isOnAt, wallClockIn, type ProgrammeDay } from './format';

const Tabs = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  margin: 0 0 18px;
  button {
    min-height: 44px;
    padding: 0 16px;
    border-radius: 999px;
    border: 1px solid rgba(255, 182, 140, 0.4);
    background: transparent;
    color: inherit;
    font: inherit;
    font-weight: 600;
    cursor: pointer;
    &:hover {
      background: rgba(163, 65, 0, 0.35);
    }
    &[aria-selected='true'] {
      background: ${({ theme }) => theme.colors.primary};
      border-color: ${({ theme }) => theme.colors.primary};
      color: #fff;
    }
  }
`;

const Day = styled.div`
  h3 {
    margin: 0 0 10px;
    font-size: 1.1rem;
    color: ${({ theme }) => theme.colors.primaryLight};
  }
  h3::first-letter {
    text-transform: uppercase;
  }
  h4 {
    margin: 18px 0 8px;
    font-size: 1rem;
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: 8px;
  }
  li {
    display: grid;
    grid-template-columns: 120px minmax(0, 1fr) auto;
    gap: 4px 16px;
    padding: 12px 14px;
    border-radius: 10px;
    background: rgba(255, 255, 255, 0.05);
  }
  time {
    font-variant-numeric: tabular-nums;
    font-weight: 700;
  }
  .speakers {
    display: block;
    margin-top: 2px;
    font-size: 0.92rem;
    color: ${({ theme }) => theme.colors.platformTextMuted};
  }
  .buy {
    display: inline-flex;
    align-items: center;
    min-height: 36px;
    margin-top: 6px;
    padding: 0 14px;
    border: 0;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.primary};
    color: #fff;
    font-weight: 700;
    cursor: pointer;
    &:hover {
      background: ${({ theme }) => theme.colors.primaryDark};
    }
  }
  .live {
    display: inline-block;
    margin-right: 8px;
    padding: 1px 8px;
    border-radius: 999px;
    background: #c62828;
    color: #fff;
    font-size: 0.75rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    vertical-align: 2px;
  }
  .price {
    font-weight: 700;
    text-align: right;
    s {
      display: block;
      font-weight: 400;
    }
  }
  @media (max-width: 639px) {
    li {
      grid-template-columns: 1fr;
    }
    .price {
      text-align: left;
    }
  }
`;

/** 'DD/MM' of a wire day, the tab's short name ('12/11'); its panel says the day in words. */
const shortDay = (date: string): string => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * The event page's programme, one day at a time: a tab per day (arrow keys, Home and End move
 * between them), the day's rooms and their lectures with hours, speakers and prices. The first
 * day that is today or later opens first; the first day when the event is over.
 */
export const Programme = ({
  days,
  today,
  timeZone,
  onBuy,
}: {
  days: ProgrammeDay[];
  today: string;
  /** The event's zone: a lecture on now is marked 'Ao vivo' (issue 56, item 14). */
  timeZone?: string;
  /** 'Comprar' on a lecture with a price (commerce): adds it to the event's cart. */
  onBuy?: (lectureId: number) => void;
}) => {
  const { t } = useTranslation();
  const language = useAppState((state) => state.language);
  const base = useId();
  const initial = Math.max(
    0,
    days.findIndex((day) => day.date >= today),
  );
  const [selected, setSelected] = useState(initial);
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const current = days[Math.min(selected, days.length - 1)];
  const now = useTick(30_000);
  const clock = timeZone ? wallClockIn(timeZone, new Date(now)) : null;

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: days.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key] + days.length) % days.length;
    setSelected(next);
    tabs.current[next]?.focus();
  };

  return (
    <>
      {days.length > 1 && (
        <Tabs role="tablist" aria-label={t('site.event.programmeDays')} onKeyDown={onKeyDown}>
          {days.map((day, index) => (
            <button
              key={day.date}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${index}`}
              aria-controls={`${base}-panel`}
              aria-selected={index === selected}
              tabIndex={index === selected ? 0 : -1}
              onClick={() => setSelected(index)}
            >
              {shortDay(day.date)}
            </button>
          ))}
        </Tabs>
      )}
      <Day
        id={`${base}-panel`}
        {...(days.length > 1 ? { role: 'tabpanel', 'aria-labelledby': `${base}-tab-${selected}`, tabIndex: 0 } : {})}
      >
        <h3>{dayInWords(current.date, language)}</h3>
        {current.rooms.map((room) => (
          <div key={room.id}>
            <h4>{room.name}</h4>
            <ul>
              {room.lectures.map((lecture) => {
                const price = priceTag(lecture, language);
                return (
                  <li key={lecture.id}>
                    <time dateTime={`${lecture.startDate}T${hourOf(lecture.startTime)}`}>
                      {hourOf(lecture.startTime)} – {hourOf(lecture.endTime)}
                    </time>
                    <span>
                      {clock && isOnAt(lecture, clock) && <span className="live">{t('agenda.live')}</span>}
                      {lecture.name}
                      {lecture.speakers.length > 0 && (
                        <span className="speakers">
                          {t('site.event.speakers', { names: lecture.speakers.map((speaker) => speaker.name).join(', ') })}
                        </span>
                      )}
                    </span>
                    <span className="price">
                      {price.kind !== 'free' && <PriceText tag={price} />}
                      {price.kind !== 'free' && onBuy && (
                        <button
                          type="button"
                          className="buy"
                          onClick={() => onBuy(lecture.id)}
                          aria-label={t('commerce.buy.lectureLabel', { name: lecture.name })}
                        >
                          {t('commerce.buy.lecture')}
                        </button>
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </Day>
    </>
  );
};
