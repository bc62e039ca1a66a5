import { and, eq, lte, max } from 'drizzle-orm';
import type { LastModifiedValues } from '@shop/shared/contract';
import type { Db } from '../db/client';
import { news, settings } from '../db/schema';

export type ContentKind = 'news' | 'offers';

const key = (kind: ContentKind) => `contentVersion:${kind}`;

/** Stamps a change of news or offers (GetLastModifiedValues answers it). */
export async function bumpContentVersion(db: Db, kind: ContentKind, now: number): Promise<void> {
  await db
    .insert(settings)
    .values({ key: key(kind), data: {}, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { updatedAt: now } });
}

/**
 * When each kind of shop data last changed: menus by their version stamps, the app config by its
 * row, offers by the staff's last change (else the seeding), news also by the latest publish date
 * that has come (a scheduled item becomes visible without anyone changing anything).
 */
export async function lastModifiedValues(db: Db, now: number): Promise<LastModifiedValues> {
  const rows = await db.select({ key: settings.key, updatedAt: settings.updatedAt }).from(settings);
  const stamp = (k: string) => rows.find((r) => r.key === k)?.updatedAt ?? 0;
  const seeded = stamp('appconfig');
  const [latest] = await db
    .select({ at: max(news.publishDate) })
    .from(news)
    .where(and(eq(news.active, true), lte(news.publishDate, now)));
  return {
    food: stamp('menuVersion:food'),
    drink: stamp('menuVersion:drink'),
    appconfig: seeded,
    offers: stamp(key('offers')) || seeded,
    news: Math.max(stamp(key('news')) || seeded, latest?.at ?? 0),
  };
}
