import type { AppConfig, FeatureFlags, Store } from '../contract/appconfig';
import type { Cart, ProductLine } from '../contract/cart';
import type { OrderMode } from '../contract/common';
import type { MenuItem } from '../contract/menu';
import { productLines } from './cart';
import { isSpecialId } from './cart-count';

/**
 * Refusals when adding to the cart (requirements#add-to-cart "Adding to the cart"). A unikat item already in
 * the cart is not refused here: `addProductLine` ignores it silently, as the spec says.
 */
export type AddRefusal =
  | { readonly kind: 'ordering-disabled' }
  | { readonly kind: 'branch-disabled' }
  | { readonly kind: 'sold-out' }
  | { readonly kind: 'not-buyable' }
  | { readonly kind: 'ticket-mix' };

/** Sold out: stock 0 or flagged verkauft; items whose id starts with 'special' are exempt. */
export function isSoldOut(item: Pick<MenuItem, 'id' | 'bestand' | 'verkauft'>): boolean {
  if (isSpecialId(item.id)) return false;
  return item.verkauft === true || item.bestand === 0;
}

/** Buyable only if the buyable flag is not false and the item is within its order times. */
export function isBuyable(item: Pick<MenuItem, 'buyable' | 'withinOrderTimes'>): boolean {
  return item.buyable !== false && item.withinOrderTimes !== false;
}

/** Whether the shop takes orders in this mode (app config, feature flag and the mode's own switch). */
export function isOrderingEnabled(
  config: Pick<AppConfig, 'orderingEnabled' | 'inhouseOrderingEnabled' | 'takeawayOrderingEnabled' | 'deliveryOrderingEnabled'>,
  features: Pick<FeatureFlags, 'orderingEnabled'>,
  mode: OrderMode,
): boolean {
  if (!config.orderingEnabled || !features.orderingEnabled) return false;
  if (mode === 'inhouse') return config.inhouseOrderingEnabled;
  if (mode === 'delivery') return config.deliveryOrderingEnabled;
  return config.takeawayOrderingEnabled;
}

/** Tickets may not be mixed with food or drinks (either way round). */
export function mixesTickets(cart: Cart, type: ProductLine['type']): boolean {
  const lines = productLines(cart).filter((l) => !isSpecialId(l.id));
  if (lines.length === 0) return false;
  const hasTickets = lines.some((l) => l.type === 'ticket');
  const hasOthers = lines.some((l) => l.type !== 'ticket');
  return type === 'ticket' ? hasOthers : hasTickets;
}

export interface AddCheck {
  readonly item: MenuItem;
  readonly type: ProductLine['type'];
  readonly cart: Cart;
  readonly orderingEnabled: boolean;
  /** The chosen branch, if any: its orderingEnabled switch applies too. */
  readonly store?: Pick<Store, 'orderingEnabled'> | undefined;
  /** Stock only counts when the stock feature (enableBestand) is on; verkauft always counts. */
  readonly stockEnabled: boolean;
  /** When editing an existing line, that line is not counted for the ticket rule. */
  readonly editingCartItemId?: string | undefined;
}

/** The first reason an item cannot be added, or null. */
export function addRefusal(check: AddCheck): AddRefusal | null {
  if (!check.orderingEnabled) return { kind: 'ordering-disabled' };
  if (check.store && !check.store.orderingEnabled) return { kind: 'branch-disabled' };
  const stockItem = check.stockEnabled ? check.item : { ...check.item, bestand: undefined };
  if (isSoldOut(stockItem)) return { kind: 'sold-out' };
  if (!isBuyable(check.item)) return { kind: 'not-buyable' };
  const cart = check.editingCartItemId ? check.cart.filter((l) => l.cartItemId !== check.editingCartItemId) : check.cart;
  if (mixesTickets(cart, check.type)) return { kind: 'ticket-mix' };
  return null;
}

/**
 * In in-house mode with the course feature on, items from categories not on the exempt list ask
 * for a course first (requirements#shop-validation); tickets and drinks never do.
 */
export function needsCourse(args: {
  readonly mode: OrderMode;
  readonly coursesEnabled: boolean;
  readonly categoryId: string;
  readonly exemptCategories: readonly string[];
  readonly type: ProductLine['type'];
}): boolean {
  if (args.mode !== 'inhouse' || !args.coursesEnabled) return false;
  if (args.type !== 'food') return false;
  return !args.exemptCategories.includes(args.categoryId);
}

/**
 * Cart lines whose item the current menu says is sold out (requirements#add-to-cart): the cart marks them and
 * holds the checkout back until they are removed, instead of letting the server refuse the order later.
 * `lookup` answers from the loaded menus; an item it does not know is left to the server.
 */
export function soldOutLineIds(
  cart: Cart,
  lookup: (id: string) => Pick<MenuItem, 'id' | 'bestand' | 'verkauft'> | undefined,
  stockEnabled: boolean,
): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const line of productLines(cart)) {
    const item = lookup(line.id);
    if (item && isSoldOut(stockEnabled ? item : { ...item, bestand: undefined })) ids.add(line.cartItemId);
  }
  return ids;
}
