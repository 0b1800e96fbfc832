import type { z } from 'zod';
import { markSchemas } from './common';

export { agendaPaths } from './paths';

const agenda = markSchemas('lectureId', 'lectureIds', 'starred');

/** POST /clients/me/agenda: the lecture to star (starring it again changes nothing). */
export const agendaStarSchema = agenda.add;
export type AgendaStarInput = z.infer<typeof agendaStarSchema>;

/** GET /clients/me/agenda?eventId=: the ids of the client's starred lectures of that event. */
export const agendaSchema = agenda.list;
export type Agenda = z.infer<typeof agendaSchema>;

/** What a star or an unstar answers: the lecture and whether it is starred now. */
export const agendaMarkSchema = agenda.mark;
export type AgendaMark = z.infer<typeof agendaMarkSchema>;
