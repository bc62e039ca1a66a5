import { shopClockParts } from './orders';

/**
 * The shop's own page-view statistics (requirements#screens "each route change logs a page view", requirements#entities
 * "Privacy consent: statistics flag"): only with the guest's consent, counted on the shop's server
 * per route name, day and device class: no browser id, no address, nothing personal.
 */

/** The route name counted for a path outside the route table. */
export const PAGE_VIEW_NOT_FOUND = 'notFound';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a calendar day (month 1-12; days out of range roll over, as Date.UTC does). */
function calendarDay(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The day a page view counts for: 'YYYY-MM-DD' in the shop's time zone. */
export function pageViewDay(now: number): string {
  const p = shopClockParts(now);
  return calendarDay(p.year, p.month, p.day);
}

/** The days of a report of `days` days ending today (shop's time zone), oldest first. */
export function reportDays(now: number, days: number): string[] {
  const p = shopClockParts(now);
  const count = Math.max(1, Math.floor(days));
  return Array.from({ length: count }, (_, i) => calendarDay(p.year, p.month, p.day - (count - 1 - i)));
}

export interface PageViewCount {
  readonly day: string;
  readonly route: string;
  readonly views: number;
}

export interface PageViewSummary {
  readonly total: number;
  /** Per route over the whole period, most viewed first (ties by name). */
  readonly byRoute: readonly { readonly route: string; readonly views: number }[];
  /** Per day of the period, newest first, each with its routes (most viewed first); days without views included. */
  readonly byDay: readonly { readonly day: string; readonly views: number; readonly routes: readonly { readonly route: string; readonly views: number }[] }[];
}

function ranked(counts: Map<string, number>): { route: string; views: number }[] {
  return [...counts].map(([route, views]) => ({ route, views })).sort((a, b) => b.views - a.views || a.route.localeCompare(b.route));
}

/** The owner's report: page views per route and per day of `days` (rows of other days are ignored). */
export function summarizePageViews(rows: readonly PageViewCount[], days: readonly string[]): PageViewSummary {
  const inPeriod = new Set(days);
  const perRoute = new Map<string, number>();
  const perDay = new Map<string, Map<string, number>>(days.map((d) => [d, new Map()]));
  let total = 0;
  for (const row of rows) {
    if (!inPeriod.has(row.day) || row.views <= 0) continue;
    total += row.views;
    perRoute.set(row.route, (perRoute.get(row.route) ?? 0) + row.views);
    const day = perDay.get(row.day)!;
    day.set(row.route, (day.get(row.route) ?? 0) + row.views);
  }
  const byDay = [...days].reverse().map((day) => {
    const routes = ranked(perDay.get(day)!);
    return { day, views: routes.reduce((n, r) => n + r.views, 0), routes };
  });
  return { total, byRoute: ranked(perRoute), byDay };
}
