import { useTranslation } from 'react-i18next';
import { formatLectureDate, type Event } from '@plataforma/adapter';
import { useAppState } from '../shared/state/store';
import { HallPage } from './halls/HallPage';
import { fit } from './halls/scene/Stage';
import { SoftLoginModal } from './SoftLoginModal';
import { useEvent, useEventId } from './useEvent';

const hhmm = (time: string): string => time.slice(0, 5);

/** The event's name, days and hours under its banner, written on the entrance hall's wall. */
const EventCaption = ({ event }: { event: Event }) => {
  const { t } = useTranslation();
  const start = formatLectureDate(event.startDate);
  const end = event.endDate && event.endDate !== event.startDate ? formatLectureDate(event.endDate) : null;
  const days = end ? t('platform.dates', { start, end }) : t('platform.date', { start });
  const hours = event.endTime
    ? t('platform.hours', { start: hhmm(event.startTime), end: hhmm(event.endTime) })
    : t('platform.hour', { start: hhmm(event.startTime) });
  return (
    <g>
      <text x="960" y="318" textAnchor="middle" fontSize="28" fontWeight="800" fill="#fff4ea">
        {fit(event.name, 56)}
      </text>
      <text x="960" y="360" textAnchor="middle" fontSize="24" fontWeight="600" fill="#ffb68c">
        <tspan>{days}</tspan>
        <tspan dx="24">{hours}</tspan>
      </text>
    </g>
  );
};

/** hall-entrada (open to everyone): the entrance hall, with the soft login over it while no client is signed in. */
export const HallEntrance = () => {
  const signedIn = useAppState((state) => state.auth.clientAuthenticated);
  const event = useEvent(useEventId());
  return (
    <HallPage page="entrance" scene={event.data ? <EventCaption event={event.data} /> : null}>
      {!signedIn && <SoftLoginModal />}
    </HallPage>
  );
};
