import { z } from 'zod';
import { success } from '../api/envelope.ts';

export const siteMessageAnswerSchema = success({ message: z.string(), siteid: z.number().nullable() });
/** updatesitemessage: the message every user of the site sees; an empty text removes it. */
export const updateSiteMessageBodySchema = z.strictObject({ msg: z.string().trim().max(2000, 'A site message is at most 2,000 characters.') });
