import { and, asc, gte, lte, sql } from 'drizzle-orm';
import { PAGE_VIEW_NOT_FOUND, pageViewDay, reportDays } from '@shop/shared/domain/page-views';
import { ROUTES } from '@shop/shared/routes';
import { requireStaff } from '../auth/staff';
import { pageViews } from '../db/schema';
import { badRequest } from '../http/api-error';
import type { HandlerMap } from './context';

const isCountedRoute = (route: string) => route === PAGE_VIEW_NOT_FOUND || Object.prototype.hasOwnProperty.call(ROUTES, route);

/**
 * The shop's own page-view statistics (shop-spec §2, §3 Privacy consent). A view is one count per
 * day (the server's clock, shop time zone), route name and device class; nothing else is kept.
 * Only route names of the route table count, so a caller cannot fill the table with its own keys.
 */
export const statisticsHandlers: Pick<HandlerMap, 'LogPageView' | 'LoadPageViewReport'> = {
  LogPageView: async ({ route, deviceClass }, ctx) => {
    if (!isCountedRoute(route)) throw badRequest(`Unknown route name "${route}"`);
    const day = pageViewDay(ctx.now());
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
};
