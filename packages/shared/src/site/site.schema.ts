import { z } from 'zod';
import { success } from '../api/envelope.ts';
import { text } from '../api/primitives.ts';
import { unitSystemSchema } from '../rules/units.ts';

export const siteMessageAnswerSchema = success({ message: z.string(), siteid: z.number().nullable() });
/** updatesitemessage: the message every user of the site sees; an empty text removes it. */
export const updateSiteMessageBodySchema = z.strictObject({ msg: text(2000, { multiline: true, tooLong: 'A site message is at most 2,000 characters.' }).trim() });

/** setunitsystem (site administrators): the unit system everyone on the current site reads. */
export const unitSystemBodySchema = z.strictObject({ system: unitSystemSchema });
