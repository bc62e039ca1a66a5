import { z } from 'zod';
import { epochMs } from './common';

/** News item (requirements#entities News). */
export const news = z.object({
  id: z.string().min(1),
  tag: z.string().default(''),
  title: z.string(),
  teaser: z.string().default(''),
  body: z.string().default(''),
  image: z.string().optional(),
  publishDate: epochMs,
  createdAt: epochMs,
  active: z.boolean(),
});
export type News = z.infer<typeof news>;

/** Generic content page (AGB, Datenschutz, Impressum, Cookies, tagged pages). Body is plain text paragraphs. */
export const page = z.object({
  name: z.string().min(1),
  tag: z.string().optional(),
  title: z.string(),
  body: z.array(z.object({ heading: z.string().optional(), text: z.string() })),
});
export type Page = z.infer<typeof page>;
