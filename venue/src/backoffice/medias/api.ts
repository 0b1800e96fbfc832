import { mediaPaths, type Media, type MediaInput } from '@plataforma/adapter';
import { resourceApi } from '../api';

/**
 * A stand's media under /api/cms/v1 (list filter `{ standId }`): an attendant reads and changes
 * only the media of their own stands (the server's scope). Saves take a FormData: the fields,
 * `file` when one was chosen, `removeFile` 1 when the stored one goes.
 */
const medias = resourceApi<Media, MediaInput>(mediaPaths.cms);

export const mediaKeys = medias.keys;
export const mediasListQuery = medias.listQuery;
export const useSaveMedia = medias.useSave;
export const useDeleteMedias = medias.useDelete;
