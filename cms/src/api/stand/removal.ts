import type { Core } from '@strapi/strapi';
import { fileIdsOf, rowsWithFiles } from '../../http/removal';

const ids = (rows: ReadonlyArray<{ id: number }>) => rows.map((row) => row.id);

/**
 * Deletes what belongs to stands: their attendants' assignments, medias, products, chats with
 * their messages, and the contacts visitors sent them. Call it inside the transaction that
 * deletes the stands (an event's deletion too). Answers the ids of the files those rows held
 * (the stands' own image not included), to remove once the transaction committed.
 */
export const removeStandDependents = async (strapi: Core.Strapi, standIds: readonly number[]): Promise<number[]> => {
  if (standIds.length === 0) return [];
  const ofStands = { stand: { id: { $in: [...standIds] } } };
  const db = strapi.db;
  const medias = await rowsWithFiles(strapi, 'api::media.media', ofStands, ['file']);
  const products = await rowsWithFiles(strapi, 'api::product.product', ofStands, ['image']);
  const chats = (await db.query('api::chat.chat').findMany({ where: ofStands, select: ['id'] })) as Array<{ id: number }>;
  if (chats.length > 0) {
    await db.query('api::chat-message.chat-message').deleteMany({ where: { chat: { id: { $in: ids(chats) } } } });
    await db.query('api::chat.chat').deleteMany({ where: { id: { $in: ids(chats) } } });
  }
  const attendants = (await db.query('api::stand-attendant.stand-attendant').findMany({ where: ofStands, select: ['id'] })) as Array<{
    id: number;
  }>;
  if (attendants.length > 0) await db.query('api::stand-attendant.stand-attendant').deleteMany({ where: { id: { $in: ids(attendants) } } });
  if (medias.length > 0) await db.query('api::media.media').deleteMany({ where: { id: { $in: ids(medias) } } });
  if (products.length > 0) await db.query('api::product.product').deleteMany({ where: { id: { $in: ids(products) } } });
  const contacts = (await db.query('api::contact.contact').findMany({ where: ofStands, select: ['id'] })) as Array<{ id: number }>;
  if (contacts.length > 0) await db.query('api::contact.contact').deleteMany({ where: { id: { $in: ids(contacts) } } });
  return [...fileIdsOf(medias, ['file']), ...fileIdsOf(products, ['image'])];
};
