import { standInputSchema, standUpdateSchema } from '@plataforma/adapter';
import type { DocumentRules } from '../../documents/rules';
import { filesOf, idsUnder, removeFreedFiles, UID, unlinkFiles } from '../event/cascade';
import { removeStandDependents } from './removal';

/**
 * A stand's rules on every write path: the back office's schema, its event and its image (SPEC
 * §2.3, §5). Deleting one takes what `DELETE /api/cms/v1/stands` takes, in the delete's
 * transaction: its attendants' assignments, medias, products, chats with their messages and the
 * contacts sent to it; then the files of those rows and its image, once nothing else links them.
 */
export const standRules: DocumentRules = {
  uid: UID.stand,
  labels: { one: 'estande', many: 'estandes' },
  logAction: 'stands',
  create: standInputSchema,
  update: standUpdateSchema,
  links: {
    event: { target: 'api::event.event', field: 'eventId', required: 'api.error.eventNotFound', notFound: 'api.error.eventNotFound' },
    image: { target: 'plugin::upload.file', required: 'stands.error.imageRequired', notFound: 'stands.error.imageRequired' },
  },
  beforeDelete: async (strapi, id) => {
    const medias = await idsUnder(strapi, UID.media, 'stand', [id]);
    const products = await idsUnder(strapi, UID.product, 'stand', [id]);
    const files = [...(await filesOf(strapi, UID.stand, [id])), ...(await removeStandDependents(strapi, [id]))];
    // The medias' and products' file links go with them (a file picked in the Media Library may be another row's too).
    await unlinkFiles(strapi, UID.media, medias);
    await unlinkFiles(strapi, UID.product, products);
    return () => removeFreedFiles(strapi, files);
  },
};
