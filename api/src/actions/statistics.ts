import crypto from 'node:crypto';
import { and, asc, gte, lte, sql } from 'drizzle-orm';
import { webVitalBucket } from '@shop/shared/domain/web-vitals';
import { PAGE_VIEW_NOT_FOUND, pageViewDay, reportDays } from '@shop/shared/domain/page-views';
import { ROUTES } from '@shop/shared/routes/pure';
import { requireStaff } from '../auth/staff';
import { pageViews, webVitals } from '../db/schema';
import { badRequest } from '../http/api-error';
import type { HandlerMap } from './context';

const isCountedRoute = (route: string) => route === PAGE_VIEW_NOT_FOUND || Object.prototype.hasOwnProperty.call(ROUTES, route);

/** A device's views of one route count once a minute (reloads and rotating taps do not inflate the statistics). */
const VIEW_WINDOW_MS = 60_000;

/** The mark of a device's view of a route in a minute: the browser id only as a hash, kept for the minute. */
function viewMark(browserId: string, route: string, now: number, kind = 'pv'): string {
  const device = crypto.createHash('sha256').update(`page-view:${browserId}`).digest('base64url').slice(0, 22);
  return `${kind}:${Math.floor(now / VIEW_WINDOW_MS)}:${route}:${device}`;
}

/**
 * The shop's own page-view statistics (requirements#screens, requirements#entities Privacy consent). A view is one count per
 * day (the server's clock, shop time zone), route name and device class; nothing else is kept.
 * Only route names of the route table count, so a caller cannot fill the table with its own keys;
 * a device counts once per route and minute (a mark in memory or Redis for that minute, never in
 * the database), and rotating browser ids meet the per-IP limit (rate limit "pageViews").
 */
export const statisticsHandlers: Pick<HandlerMap, 'LogPageView' | 'LoadPageViewReport' | 'LogWebVitals' | 'LoadWebVitalsReport'> = {
  LogPageView: async ({ route, deviceClass }, ctx) => {
    if (!isCountedRoute(route)) throw badRequest(`Unknown route name "${route}"`);
    const now = ctx.now();
    if (!(await ctx.marks.first(viewMark(ctx.browserId, route, now), VIEW_WINDOW_MS))) return { counted: false };
    const day = pageViewDay(now);
    await ctx.db
      .insert(pageViews)
      .values({ day, route, deviceClass, views: 1 })
      .onConflictDoUpdate({ target: [pageViews.day, pageViews.route, pageViews.deviceClass], set: { views: sql`${pageViews.views} + 1` } });
    return { counted: true };
  },

  LoadPageViewReport: async (payload, ctx) => {
    requireStaff(ctx);
    const days = reportDays(ctx.now(), payload?.days ?? 14);
    const rows = await ctx.db
      .select()
      .from(pageViews)
      .where(and(gte(pageViews.day, days[0]!), lte(pageViews.day, days[days.length - 1]!)))
      .orderBy(asc(pageViews.day), asc(pageViews.route), asc(pageViews.deviceClass));
    return { days, rows };
  },

  /**
   * Real-user vitals (docs/requirements.md#web-vitals): one count per metric in its value bucket, per
   * day, route and device class. Ranges are checked by the contract; like page views, a device's
   * metric of a route counts once a minute (rate limit "webVitals" bounds rotating browser ids).
   */
  LogWebVitals: async ({ route, device, vitals }, ctx) => {
    if (!isCountedRoute(route)) throw badRequest(`Unknown route name "${route}"`);
    const now = ctx.now();
    const day = pageViewDay(now);
    const counted: (typeof vitals)[number]['metric'][] = [];
    for (const { metric, value } of vitals) {
      if (!(await ctx.marks.first(viewMark(ctx.browserId, `${route}:${metric}`, now, 'wv'), VIEW_WINDOW_MS))) continue;
      await ctx.db
        .insert(webVitals)
        .values({ day, route, device, metric, bucket: webVitalBucket(metric, value), samples: 1 })
        .onConflictDoUpdate({
          target: [webVitals.day, webVitals.route, webVitals.device, webVitals.metric, webVitals.bucket],
          set: { samples: sql`${webVitals.samples} + 1` },
        });
      counted.push(metric);
    }
    return { counted };
  },

  LoadWebVitalsReport: async (payload, ctx) => {
    requireStaff(ctx);
    const days = reportDays(ctx.now(), payload?.days ?? 14);
    const rows = await ctx.db
      .select({
        route: webVitals.route,
        device: webVitals.device,
        metric: webVitals.metric,
        bucket: webVitals.bucket,
        samples: sql<number>`sum(${webVitals.samples})::int`,
      })
      .from(webVitals)
      .where(and(gte(webVitals.day, days[0]!), lte(webVitals.day, days[days.length - 1]!)))
      .groupBy(webVitals.route, webVitals.device, webVitals.metric, webVitals.bucket)
      .orderBy(asc(webVitals.route), asc(webVitals.device), asc(webVitals.metric), asc(webVitals.bucket));
    return { days, rows };
  },
};
