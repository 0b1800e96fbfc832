import { lecturePaths, type CmsLecture, type LectureInput } from '@plataforma/adapter';
import { resourceApi } from '../api';

/** An event's lectures (list filters `eventId` and `roomId`; JSON saves). */
const lectures = resourceApi<CmsLecture, LectureInput>(lecturePaths.cms);

export const lectureKeys = lectures.keys;
export const lecturesListQuery = lectures.listQuery;
export const useSaveLecture = lectures.useSave;
export const useDeleteLectures = lectures.useDelete;
