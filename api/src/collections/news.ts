import { and, desc, eq, lte } from 'drizzle-orm';
import type { News } from '@shop/shared/contract';
import type { Db } from '../db/client';
import { news } from '../db/schema';
import type { CollectionModule } from './registry';

/** Active items whose publish date has come, newest first: what guests see. */
export async function publishedNews(db: Db, now: number): Promise<News[]> {
  const rows = await db
    .select()
    .from(news)
    .where(and(eq(news.active, true), lte(news.publishDate, now)))
    .orderBy(desc(news.publishDate));
  return rows.map((r) => r.data);
}

/** News: active items whose publish date has come, newest first. */
export const newsCollection: CollectionModule<'news'> = {
  async load(_query, ctx) {
    return publishedNews(ctx.db, ctx.now());
  },
};
