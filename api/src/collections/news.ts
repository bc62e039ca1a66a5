import { and, desc, eq, lte } from 'drizzle-orm';
import { news } from '../db/schema';
import type { CollectionModule } from './registry';

/** News: active items whose publish date has come, newest first. */
export const newsCollection: CollectionModule<'news'> = {
  async load(_query, ctx) {
    const rows = await ctx.db
      .select()
      .from(news)
      .where(and(eq(news.active, true), lte(news.publishDate, ctx.now())))
      .orderBy(desc(news.publishDate));
    return rows.map((r) => r.data);
  },
};
