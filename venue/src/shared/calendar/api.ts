import type { Language } from '@plataforma/adapter/constants';
import { api } from '../api';

/**
 * 'Adicionar à agenda' (issue 49, item 5, decision 108): the addresses of a lecture's and an
 * event's `.ics` (public GETs the browser downloads itself: a plain link, no token), with the
 * visitor's language for the texts the file adds.
 */
export const lectureCalendarUrl = (lectureId: number, language: Language): string => api.site.calendars.lectureUrl(lectureId, language);
export const eventCalendarUrl = (eventId: number, language: Language): string => api.site.calendars.eventUrl(eventId, language);
