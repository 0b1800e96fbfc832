import { useTranslation } from 'react-i18next';
import type { Event } from '@plataforma/adapter';
import { numericDateInWords } from '../../shared/i18n/dates';
import { useAppState } from '../../shared/state/store';
import { fit } from '../halls/scene/Stage';

/** The event's name, days and hours under its banner, written on the entrance hall's wall. */
export const EventCaption = ({ event }: { event: Event }) => {
  const { t } = useTranslation();
  const language = useAppState((state) => state.language);
  // Dates and hours come formatted by the server (dayjs in the adapter), so the entrance's first load carries no date library.
  const start = numericDateInWords(event.formattedStartDate, language);
  const end = event.formattedEndDate && event.endDate !== event.startDate ? numericDateInWords(event.formattedEndDate, language) : null;
  const days = end ? t('platform.dates', { start, end }) : t('platform.date', { start });
  const hours = event.formattedEndTime
    ? t('platform.hours', { start: event.formattedStartTime, end: event.formattedEndTime })
    : t('platform.hour', { start: event.formattedStartTime });
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
