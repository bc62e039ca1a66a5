import { shell as texts } from '../i18n/de/shell';
import { ROUTES, type RouteDef } from './table';
import { matchRoute } from './paths';

/**
 * The document title of a page (requirements#accessibility, WCAG 2.4.2): what is shown, then the route's title from
 * the route table, then the shop's name: 'Burrito Chicken Classic – Speise | Street Food'. Home and
 * unknown paths carry the shop's name (and 'Seite nicht gefunden').
 */
export function pageTitle(pathname: string, detail?: string): string {
  const match = matchRoute(pathname);
  if (!match) return `${texts.notFoundTitle} | ${texts.shopName}`;
  if (match.name === 'Home') return `${texts.shopName} – ${texts.homeGreeting}`;
  const route = (ROUTES as Record<string, RouteDef>)[match.name]?.title;
  const parts = [detail?.trim(), route].filter((p): p is string => Boolean(p));
  return `${parts.join(' – ')} | ${texts.shopName}`;
}
