import { z } from 'zod';
import { idSchema } from './common';

export { agendaPaths } from './paths';

/** POST /clients/me/agenda: the lecture to star (starring it again changes nothing). */
export const agendaStarSchema = z.object({ lectureId: idSchema });
export type AgendaStarInput = z.infer<typeof agendaStarSchema>;

/** GET /clients/me/agenda?eventId=: the ids of the client's starred lectures of that event. */
export const agendaSchema = z.object({ lectureIds: z.array(idSchema) });
export type Agenda = z.infer<typeof agendaSchema>;

/** What a star or an unstar answers: the lecture and whether it is starred now. */
export const agendaMarkSchema = z.object({ lectureId: idSchema, starred: z.boolean() });
export type AgendaMark = z.infer<typeof agendaMarkSchema>;
