import { matchPattern, parsePattern } from '../domain/route-pattern';
import { ROUTES, type AppName, type RouteName } from './table';

export type RouteParams = Readonly<Record<string, string | number | undefined>>;
export type RouteQuery = Readonly<Record<string, string | number | boolean | undefined | null>>;

/**
 * Builds the path of a route by name: pathTo('Speise', { itemId: 'b1' }) -> '/Speise/b1'.
 * Throws for a missing required parameter, so a broken link fails loudly in tests.
 */
export function pathTo(name: RouteName, params: RouteParams = {}, query?: RouteQuery): string {
  const segments = parsePattern(ROUTES[name].path);
  const parts: string[] = [];
  for (const seg of segments) {
    if (seg.literal !== undefined) {
      parts.push(seg.literal);
      continue;
    }
    const value = params[seg.param!];
    if (value === undefined || value === '') {
      if (seg.optional) continue;
      throw new Error(`Route ${name}: missing parameter "${seg.param}"`);
    }
    parts.push(encodeURIComponent(String(value)));
  }
  const path = `/${parts.join('/')}`;
  return query ? path + queryString(query) : path;
}

export function queryString(query: RouteQuery): string {
  const entries = Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== false);
  if (entries.length === 0) return '';
  return `?${entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&')}`;
}

export interface RouteMatch {
  readonly name: RouteName;
  readonly app: AppName;
  readonly params: Readonly<Record<string, string>>;
}

const ROUTE_ENTRIES = Object.entries(ROUTES) as [RouteName, (typeof ROUTES)[RouteName]][];

/** The route a pathname belongs to, or null (the shell then shows 'Seite nicht gefunden'). */
export function matchRoute(pathname: string): RouteMatch | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [name, route] of ROUTE_ENTRIES) {
    const patterns = [route.path, ...(route.aliases ?? [])];
    for (const pattern of patterns) {
      const params = matchPattern(pattern, clean);
      if (params) return { name, app: route.app, params };
    }
  }
  return null;
}

/** single-spa `activeWhen` for an app: active while the current path belongs to one of its routes. */
export function isAppActive(app: AppName, location: Pick<Location, 'pathname'>): boolean {
  return matchRoute(location.pathname)?.app === app;
}

/** @public (runtime-part API) Route name of a checkout: checkout + usecase [+ WithPay] [+ Tip] (requirements#checkout-screens). */
export function checkoutRouteName(usecase: 'takeAway' | 'delivery' | 'inhouse' | 'inhouseMobilePayment' | 'digital', withPay: boolean, tip = false): RouteName {
  const name = `checkout${usecase}${withPay ? 'WithPay' : ''}${tip ? 'Tip' : ''}`;
  if (!(name in ROUTES)) throw new Error(`No checkout route ${name}`);
  return name as RouteName;
}
