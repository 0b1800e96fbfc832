import type { Agenda } from '@plataforma/adapter';
import { api } from '../../shared/api';
import { useMarkList, useMarks, type MarkKind } from '../marks/useMarks';

/**
 * 'Minha agenda' (decision 034): the lectures the signed-in client starred, as one kind of the
 * client's marks. The keys are ['agenda', eventId, clientId].
 */
export const agendaMarks: MarkKind<Agenda> = {
  key: 'agenda',
  list: (eventId) => api.site.agenda.list(eventId),
  mark: (lectureId) => api.site.agenda.star(lectureId),
  unmark: (lectureId) => api.site.agenda.unstar(lectureId),
  idsOf: (agenda) => agenda.lectureIds,
  listOf: (lectureIds) => ({ lectureIds }),
  markFailed: 'agenda.starFailed',
  unmarkFailed: 'agenda.unstarFailed',
};

/** The ids of the lectures the signed-in client starred in this event; asks nothing without a client. */
export const useAgenda = (eventId: number | null) => useMarkList(agendaMarks, eventId);

/** The programme's stars: the starred set, and a toggle that stars or unstars a lecture (see `useMarks`). */
export const useAgendaStars = (eventId: number | null) => useMarks(agendaMarks, eventId);
