import { z } from 'zod';
import { success } from '../api/envelope.ts';

/** What the web app needs to dress itself for the host it is served from. */
export const publicBrandSchema = z.object({
  key: z.string(),
  name: z.string(),
  strapline: z.string(),
  themeColor: z.string(),
  logoUrl: z.string(),
  faviconUrl: z.string(),
  privacyUrl: z.string(),
});
export type PublicBrand = z.infer<typeof publicBrandSchema>;
export const brandAnswerSchema = success({ brand: publicBrandSchema });
