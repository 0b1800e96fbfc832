/**
 * The congress rooms' two screens in one lazy chunk: they share the lecture feature (its data
 * hooks, the video frame), and a chunk of their own keeps that shared code out of hall-entrada's
 * first load.
 */
export { LectureScreen } from './LectureScreen';
export { RoomByDate } from './RoomByDate';
