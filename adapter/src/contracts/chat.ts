import { z } from 'zod';
import { CHAT_SENDERS } from '../constants';

/** Who wrote a chat message: the client or the stand's attendant. */
export const chatSenderSchema = z.enum(CHAT_SENDERS);
