import { queryOptions } from '@tanstack/react-query';
import { speakerPaths, type ApiError, type ListResult, type Speaker, type SpeakerInput } from '@plataforma/adapter';
import { resourceApi } from '../api';

/** An event's speakers (list filter `eventId`; saves multipart with the photo as `image`). */
const speakers = resourceApi<Speaker, SpeakerInput>(speakerPaths.cms);

export const speakerKeys = speakers.keys;
export const speakersListQuery = speakers.listQuery;
export const useSaveSpeaker = speakers.useSave;
export const useDeleteSpeakers = speakers.useDelete;

/** Every speaker of an event, by name (the lecture form's choices; the list's largest page). */
export const eventSpeakersQuery = (eventId: number) =>
  queryOptions<ListResult<Speaker>, ApiError, ListResult<Speaker>, ReturnType<typeof speakerKeys.list>>(
    speakersListQuery({ limit: 100, offset: 0, order: { field: 'name', direction: 'asc' } }, { eventId }),
  );
