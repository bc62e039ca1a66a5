import crypto from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import { news as newsSchema, offer as offerSchema, type News } from '@shop/shared/contract';
import { staff as texts } from '@shop/shared/i18n/staff';
import { requireStaff } from '../auth/staff';
import { announceNews, announceOffers } from '../content/announce';
import { news, offers } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { ActionContext, HandlerMap } from './context';

type ContentActions = 'LoadStaffContent' | 'UpdateOffer' | 'SaveNews' | 'SetNewsActive';

/** 'Neu auf der Karte: Tacos!' → 'neu-auf-der-karte-tacos' (ids of news the staff create). */
function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50);
}

const isVisible = (item: News, now: number) => item.active && item.publishDate <= now;

/** Tells the hook (push messages) that a news item went online; its failure is logged, never the staff's problem. */
async function published(ctx: ActionContext, item: News): Promise<void> {
  if (!ctx.onNewsPublished) return;
  try {
    await ctx.onNewsPublished(item);
  } catch (error) {
    console.error(`[news] onNewsPublished failed for ${item.id}: ${String(error)}`);
  }
}

async function storeNews(ctx: ActionContext, item: News): Promise<void> {
  await ctx.db
    .insert(news)
    .values({ id: item.id, active: item.active, publishDate: item.publishDate, data: item })
    .onConflictDoUpdate({ target: news.id, set: { active: item.active, publishDate: item.publishDate, data: item } });
}

async function newsRow(ctx: ActionContext, id: string): Promise<News> {
  const [row] = await ctx.db.select().from(news).where(eq(news.id, id));
  if (!row) throw new ApiError(404, 'not_found', `No news ${id}`, texts.newsNotFound);
  return { ...row.data, active: row.active, publishDate: row.publishDate };
}

/**
 * The staff edit offers and news; every change is announced on the shop
 * channel (offersUpdated with the offers in force, newsUpdated with the published news), so open
 * apps re-price cards and carts and update the news list and badge at once.
 */
export const contentAdminHandlers: Pick<HandlerMap, ContentActions> = {
  LoadStaffContent: async (_payload, ctx) => {
    requireStaff(ctx);
    const offerRows = await ctx.db.select().from(offers).orderBy(asc(offers.id));
    const newsRows = await ctx.db.select().from(news).orderBy(desc(news.publishDate));
    return {
      offers: offerRows.map((r) => ({ ...r.data, active: r.active })),
      news: newsRows.map((r) => ({ ...r.data, active: r.active, publishDate: r.publishDate })),
    };
  },

  UpdateOffer: async ({ id, active, offerPrice, offerDiscount }, ctx) => {
    requireStaff(ctx);
    const [row] = await ctx.db.select().from(offers).where(eq(offers.id, id));
    if (!row) throw new ApiError(404, 'not_found', `No offer ${id}`, texts.offerNotFound);
    if ((offerPrice !== undefined && row.data.type !== 'priceOffer') || (offerDiscount !== undefined && row.data.type !== 'discountOffer')) {
      throw new ApiError(400, 'validation', `Offer ${id} is a ${row.data.type}`, texts.offerWrongType);
    }
    const next = offerSchema.parse({
      ...row.data,
      active: active ?? row.active,
      ...(offerPrice !== undefined ? { offerPrice } : {}),
      ...(offerDiscount !== undefined ? { offerDiscount } : {}),
    });
    await ctx.db.update(offers).set({ active: next.active, data: next, updatedAt: ctx.now() }).where(eq(offers.id, id));
    await announceOffers(ctx);
    return { offer: next };
  },

  SaveNews: async ({ id, news: input, publish }, ctx) => {
    requireStaff(ctx);
    const now = ctx.now();
    const existing = id ? await newsRow(ctx, id) : null;
    const wasVisible = existing !== null && isVisible(existing, now);
    const base: News = existing ?? {
      id: `news-${slug(input.title) || 'nachricht'}-${crypto.randomBytes(3).toString('hex')}`,
      tag: '',
      title: '',
      teaser: '',
      body: '',
      createdAt: now,
      publishDate: now,
      active: false,
    };
    const { image: _previousImage, ...rest } = base;
    const item = newsSchema.parse({
      ...rest,
      ...input,
      active: publish,
      // Publishing puts it online now; an item already online keeps its date.
      publishDate: publish && !wasVisible ? now : base.publishDate,
    });
    await storeNews(ctx, item);
    await announceNews(ctx);
    if (publish && !wasVisible) await published(ctx, item);
    return { news: item };
  },

  SetNewsActive: async ({ id, active }, ctx) => {
    requireStaff(ctx);
    const now = ctx.now();
    const existing = await newsRow(ctx, id);
    const wasVisible = isVisible(existing, now);
    const item: News = { ...existing, active, publishDate: active && !wasVisible ? now : existing.publishDate };
    await storeNews(ctx, item);
    await announceNews(ctx);
    if (active && !wasVisible) await published(ctx, item);
    return { news: item };
  },
};
