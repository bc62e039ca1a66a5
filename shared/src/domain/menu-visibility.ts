import type { AppConfig } from '../contract/appconfig';
import type { OrderMode } from '../contract/common';
import type { Menu, MenuCategory, MenuItem } from '../contract/menu';
import { SHOP_CONSTANTS } from './shop-constants';

/**
 * Menu visibility (requirements#menu-visibility "Menu visibility"): categories and items are hidden on days not
 * listed, outside the store list, when store-inactive, or (in-house) outside validFromHour and
 * validTillHour; items outside order times get withinOrderTimes false; options whose label
 * matches an inactive global extra are deactivated; categories without items are dropped.
 */

/** The restaurant's wall clock: weekday 1 (Monday) to 7 (Sunday) and minutes since midnight. */
export interface ShopClock {
  readonly weekday: number;
  readonly minutes: number;
}

export const SHOP_TIME_ZONE = 'Europe/Berlin';

const WEEKDAYS: Readonly<Record<string, number>> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The shop's clock at an instant, in Hamburg time whatever the guest's device zone is. */
export function shopClock(now: number, timeZone: string = SHOP_TIME_ZONE): ShopClock {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(
    new Date(now),
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return { weekday: WEEKDAYS[get('weekday')] ?? 1, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

export interface VisibilityContext {
  readonly clock: ShopClock;
  readonly mode: OrderMode;
  /** The branch the guest orders from (filialnummer); undefined: no branch filter. */
  readonly store?: number | undefined;
  readonly globalExtras?: AppConfig['globalExtras'];
}

type Scoped = Pick<MenuItem, 'days' | 'validStores' | 'fmConfig'>;

/** Listed days only (no list: every day). */
export function onListedDay(days: readonly number[] | undefined, weekday: number): boolean {
  return !days || days.length === 0 || days.includes(weekday);
}

/** Inside the store list and not switched off for the store (fmConfig[store].active false). */
export function availableInStore(entry: Scoped, store: number | undefined): boolean {
  if (store === undefined) return true;
  if (entry.validStores && entry.validStores.length > 0 && !entry.validStores.includes(store)) return false;
  return entry.fmConfig?.[String(store)]?.active !== false;
}

function parseClock(value: string): number {
  const [h = '0', m = '0'] = value.split(':');
  return Number(h) * 60 + Number(m);
}

/** Inside [from, till) of the weekday's order times; a weekday without an entry has no order time. Overnight windows wrap. */
export function withinOrderTimes(orderTimes: MenuItem['orderTimes'], clock: ShopClock): boolean {
  if (!orderTimes || Object.keys(orderTimes).length === 0) return true;
  const today = orderTimes[String(clock.weekday)];
  if (!today) return false;
  const from = parseClock(today.validFrom);
  const to = parseClock(today.validTo);
  if (from === to) return true;
  return from < to ? clock.minutes >= from && clock.minutes < to : clock.minutes >= from || clock.minutes < to;
}

/** In-house only: the category shows between validFromHour (inclusive) and validTillHour (exclusive). */
export function withinInhouseHours(category: Pick<MenuCategory, 'validFromHour' | 'validTillHour'>, clock: ShopClock, mode: OrderMode): boolean {
  if (mode !== 'inhouse') return true;
  const from = category.validFromHour;
  const till = category.validTillHour;
  if (from === undefined && till === undefined) return true;
  const hour = Math.floor(clock.minutes / 60);
  const start = from ?? 0;
  const end = till ?? 24;
  if (start === end) return true;
  return start < end ? hour >= start && hour < end : hour >= start || hour < end;
}

export function isCategoryVisible(category: Omit<MenuCategory, 'items'>, ctx: VisibilityContext): boolean {
  return onListedDay(category.days, ctx.clock.weekday) && availableInStore(category, ctx.store) && withinInhouseHours(category, ctx.clock, ctx.mode);
}

/** Mode-only items: inhouseOnly items are hidden outside in-house mode, takeawayOnly ones in it. */
export function availableInMode(item: Pick<MenuItem, 'inhouseOnly' | 'takeawayOnly'>, mode: OrderMode): boolean {
  if (item.inhouseOnly && mode !== 'inhouse') return false;
  if (item.takeawayOnly && mode === 'inhouse') return false;
  return true;
}

export function isItemVisible(item: MenuItem, ctx: VisibilityContext): boolean {
  return onListedDay(item.days, ctx.clock.weekday) && availableInStore(item, ctx.store) && availableInMode(item, ctx.mode);
}

function inactiveLabels(globalExtras: AppConfig['globalExtras'] | undefined): Set<string> {
  return new Set((globalExtras ?? []).filter((g) => !g.active).map((g) => g.label.trim().toLowerCase()));
}

function labelTitle(label: string): string {
  return (label.split('|')[0] ?? '').trim().toLowerCase();
}

/** An option (or add-on) is deactivated when a global extra with the same label is inactive. */
export function applyGlobalExtras(item: MenuItem, globalExtras: AppConfig['globalExtras'] | undefined): MenuItem {
  const off = inactiveLabels(globalExtras);
  if (off.size === 0) return item;
  return {
    ...item,
    extras: {
      ...item.extras,
      variants: item.extras.variants.map((step) => ({
        ...step,
        options: step.options.map((o) => (off.has(labelTitle(o.labelDE)) ? { ...o, active: false } : o)),
      })),
      styles: item.extras.styles.map((s) => (off.has(labelTitle(s.labelDE)) ? { ...s, active: false } : s)),
    },
  };
}

/** One category as the guest sees it now. */
export function visibleCategory(category: MenuCategory, ctx: VisibilityContext): MenuCategory | null {
  if (!isCategoryVisible(category, ctx)) return null;
  const categoryInTime = withinOrderTimes(category.orderTimes, ctx.clock);
  const items = category.items
    .filter((item) => isItemVisible(item, ctx))
    .map((item) => ({
      ...applyGlobalExtras(item, ctx.globalExtras),
      withinOrderTimes: categoryInTime && withinOrderTimes(item.orderTimes, ctx.clock),
    }));
  return items.length > 0 ? { ...category, items } : null;
}

/** The menu as the guest sees it now: hidden categories and items removed, empty categories dropped. */
export function visibleMenu(menu: Menu, ctx: VisibilityContext): Menu {
  return menu.flatMap((c) => {
    const visible = visibleCategory(c, ctx);
    return visible ? [visible] : [];
  });
}

/**
 * Preparation time (requirements#shop-validation): the base delay (default 5 minutes) is raised to the largest
 * item delay when that is larger.
 */
export function preparationMinutes(itemDelays: readonly number[], baseDelay: number = SHOP_CONSTANTS.basePreparationDelayMinutes): number {
  return Math.max(baseDelay, ...itemDelays);
}

/** Finds an item and its category in a menu. */
export function findMenuItem(menu: Menu, itemId: string): { item: MenuItem; category: MenuCategory } | null {
  for (const category of menu) {
    const item = category.items.find((i) => i.id === itemId);
    if (item) return { item, category };
  }
  return null;
}

/** URL-friendly name of a category: '/Speisen/Sweets' finds 'sweets', 'Snacks & Nachos' -> 'snacks-nachos'. */
export function categorySlug(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The category a route's catname names: its id or its name, case and punctuation ignored. */
export function findCategory(menu: Menu, catname: string): MenuCategory | null {
  const wanted = categorySlug(catname);
  return menu.find((c) => categorySlug(c.id) === wanted || categorySlug(c.categoryDE) === wanted) ?? null;
}
