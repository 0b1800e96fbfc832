import { mediaInputSchema, mediaUpdateSchema } from '@plataforma/adapter';
import type { DocumentRules } from '../../documents/rules';
import { fileTypeOf } from '../../documents/files';
import { filesOf, removeFreedFiles } from '../event/cascade';

const UID = 'api::media.media';

/**
 * A media's rules on every write path: the back office's schema (title and description
 * required), its stand (required, existing) and its file (required: an image, a video or a PDF).
 * Its type (IMAGE, VIDEO or DOCUMENT) is that of its file, never typed in (the back office's
 * rule). Deleting one takes its file, once nothing else links it, as the back office's deletion does.
 */
export const mediaRules: DocumentRules = {
  uid: UID,
  labels: { one: 'mídia', many: 'mídias' },
  logAction: 'medias',
  create: mediaInputSchema,
  update: mediaUpdateSchema,
  links: {
    stand: { target: 'api::stand.stand', field: 'standId', required: 'api.error.standNotFound', notFound: 'api.error.standNotFound' },
    file: { target: 'plugin::upload.file', kind: 'media', required: 'medias.error.fileRequired', notFound: 'medias.error.fileRequired' },
  },
  derived: ['type'],
  keyFields: { 'api.error.standNotFound': 'stand' },
  after: async (strapi, { action, ids }) => {
    if (action === 'delete' || ids.length === 0) return;
    const rows = (await strapi.db.query(UID).findMany({
      where: { id: { $in: ids } },
      select: ['id', 'type'],
      populate: { file: { select: ['mime'] } },
    })) as Array<{ id: number; type: string | null; file?: { mime?: string } | null }>;
    for (const row of rows) {
      const type = fileTypeOf(row.file?.mime) ?? 'IMAGE';
      if (row.type !== type) await strapi.db.query(UID).update({ where: { id: row.id }, data: { type } });
    }
  },
  beforeDelete: async (strapi, id) => {
    const files = await filesOf(strapi, UID, [id]);
    return () => removeFreedFiles(strapi, files);
  },
};
