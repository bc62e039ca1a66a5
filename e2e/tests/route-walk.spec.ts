import type { Page } from '@playwright/test';
import { matchRoute, ROUTES, type RouteDef } from '@shop/shared/routes';
import { fillCart } from '../support/checkout';
import { expectAxeClean, installAxe } from '../support/axe';
import { settledPages } from '../support/settled';
import { expectTapTargets } from '../support/tap-targets';
import { expect, test } from '../support/test';

/**
 * One walk over the pages per width, each page loaded once and checked for everything a page must hold
 * (requirements#accessibility): no serious or critical axe violation of WCAG 2.1 A/AA, its title, and tap
 * targets of at least 44 × 44 px. The states inside pages (dialogs, checkout steps, the board) are in
 * axe.spec.ts and tap-targets.spec.ts.
 */

/** A concrete path for every route of the table (parameters filled with seeded ids). */
const PARAMS: Record<string, string> = {
  catname: 'burritos',
  itemId: 'burrito-classic-chicken',
  newsId: 'news-tacos-al-pastor',
  tag: 'AppInstallation',
  name: 'AGB',
  uniqueOrderId: 'gibt-es-nicht',
  couponCode: 'TACODEAL',
};
const ROUTE_PATHS = Object.entries(ROUTES).map(([name, route]) => ({
  name,
  path: route.path.replace(/:(\w+)\??/g, (_m, key: string) => PARAMS[key] ?? key),
}));
const NOT_FOUND = '/gibt-es-nicht';

/** Routes that differ in layout at desktop width: one of each kind of page (the others share their layout). */
const WIDE_ROUTES = new Set([
  'Home',
  'Sortiment',
  'Speisen',
  'SpeisenProdukte',
  'Speise',
  'Korb',
  'checkouttakeAwayWithPay',
  'Bestellung',
  'Bestellungen',
  'Anmelden',
  'Account',
  'Einstellungen',
  'Oeffnungszeiten',
  'Filialen',
  'Streetfood',
  'Page',
  'Verwaltung',
]);

/** The main pages and states whose tap targets are checked, at both widths. */
const TAP_PAGES = [
  '/',
  '/?table=12',
  '/Sortiment',
  '/Speisen/all',
  '/SpeisenProdukte/burritos',
  '/Speise/burrito-classic-chicken',
  '/Speise/salsa-verde',
  '/Getraenke/all',
  '/Streetfood',
  '/Bowls',
  '/Salsas',
  '/Allergene',
  '/Aktuelles',
  '/Oeffnungszeiten',
  '/Filialen',
  '/Korb',
  '/Coupons',
  '/Einloesen',
  '/Bestellungen',
  '/Kellnerruf',
  '/Stempelkarte',
  '/Impressum',
  '/Anmelden',
  '/Registrierung',
  '/Account',
  '/Karten',
  '/Einstellungen',
  '/Bestellung/gibt-es-nicht',
  NOT_FOUND,
];

interface Stop {
  path: string;
  /** The route of the table this path was made from (its title is checked), if any. */
  route?: string;
  axe: boolean;
  taps: boolean;
}

/** The pages of one walk, each once: the route table's paths first, then the tap pages not among them. */
function walk(axeOn: (route: string) => boolean): Stop[] {
  const stops = new Map<string, Stop>();
  for (const { name, path } of ROUTE_PATHS) if (!stops.has(path)) stops.set(path, { path, route: name, axe: axeOn(name), taps: false });
  for (const path of TAP_PAGES) stops.set(path, { ...(stops.get(path) ?? { path, axe: false }), taps: true });
  return [...stops.values()].filter((stop) => stop.axe || stop.taps);
}

/** The title a page must carry (requirements#accessibility): the route's title and the shop name; Home the shop name first. */
function expectedTitle(pathname: string): RegExp {
  const shown = matchRoute(pathname);
  const text = !shown || shown.name === 'Home' ? 'Street Food – ' : `${(ROUTES as Record<string, RouteDef>)[shown.name]!.title!} | Street Food`;
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

const WIDTHS = [
  { width: 412, stops: walk(() => true).map((stop) => (stop.path === NOT_FOUND ? { ...stop, axe: true } : stop)) },
  { width: 1280, stops: walk((route) => WIDE_ROUTES.has(route)) },
];

/**
 * Tabs walking at once: axe's analysis runs in the page's renderer, one core each, while the test and the
 * server wait; two tabs (one per core) take the walk in about two thirds of the time of one.
 */
const TABS = 2;

/** Loads each stop in `page` and checks it. */
async function walkIn(page: Page, stops: readonly Stop[], width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 600 ? 915 : 900 });
  const { settled } = settledPages(page);
  for (const stop of stops) {
    await page.goto(stop.path);
    await settled();
    const where = new URL(page.url()).pathname;
    const state = `${stop.route ?? stop.path} (${stop.path} → ${where}) at ${width} px`;
    if (stop.axe) await expectAxeClean(page, state);
    if (stop.taps) await expectTapTargets(page, state);
    // Some routes lead elsewhere (a signed-out account to the sign-in): the title follows where the guest is.
    if (width === 412 && stop.route && !stop.path.includes('gibt-es-nicht')) await expect(page, state).toHaveTitle(expectedTitle(where));
  }
}

for (const { width, stops } of WIDTHS) {
  test(`every page at ${width} px: axe (${stops.filter((s) => s.axe).length} pages), titles and tap targets (${stops.filter((s) => s.taps).length} pages)`, async ({
    page,
    context,
  }) => {
    test.setTimeout(360_000);
    await installAxe(context);
    // With something in the cart, the checkout routes show their first step instead of going home.
    await fillCart(page, [{ itemId: 'tacos-al-pastor', count: 2 }]);
    const tabs = [page, ...(await Promise.all(Array.from({ length: TABS - 1 }, () => context.newPage())))];
    await Promise.all(
      tabs.map((tab, i) =>
        walkIn(
          tab,
          stops.filter((_, n) => n % TABS === i),
          width,
        ),
      ),
    );
  });
}
