import type { Event } from '@plataforma/adapter';

/**
 * What every section of the event editor gets (the registry is `events/sections.ts`, which lazy
 * loads each section from its feature's folder; the sections take this type from here, so no
 * feature folder imports the registry back).
 */
export interface EventSectionProps {
  /** The event being edited; null while it is being created (or still loading). */
  event: Event | null;
  /** Its id; null while creating ('/cms/eventos/new'). */
  eventId: number | null;
  /** The stand of the route (an attendant's '/cms/estandes/:standId/:tab'): preselects the Mídia section. */
  standId?: number;
  /** Called by 'Informações básicas' after a save, with the saved event (the editor moves to edit mode). */
  onSaved?: (event: Event) => void;
  /** A section with a form on the page (not in a modal) says whether it holds unsaved changes: leaving then asks first. */
  onDirtyChange?: (dirty: boolean) => void;
}
