import { BehaviorSubject, filter, firstValueFrom, throwError, timeout } from 'rxjs';
import type { ProductLine } from '../contract/cart';
import type { FeeCharge } from '../domain/fees';
import { SHOP_CONSTANTS } from '../domain/shop-constants';

/**
 * The cart's commands (docs/requirements.md#cart-protection: the cart changes only through the
 * cart's own commands). mf-cart owns the cart store and is its only writer: it registers the
 * handler below when its services start (the badge and the floating bar are on every page); every
 * other app asks it through `cartCommand`. Rules such as the 3 s lock after a restore, the 1–99
 * quantity and the stock limit live once, in mf-cart's handler.
 *
 * This module is in the pure part of @shop/shared (bundled into each app): adding a command needs
 * no new runtime singleton and no shell release; the handler slot is a page singleton by name.
 */
export interface CartCommands {
  /** Adds (or merges) a product line; a guest's add during the restore lock waits for it to end. */
  readonly add: {
    readonly params: { readonly line: ProductLine; readonly stockEnabled: boolean };
    readonly result:
      | { readonly outcome: 'added' | 'merged'; readonly cartItemId: string; readonly accepted: number }
      | { readonly outcome: 'ignored-unikat' }
      | { readonly outcome: 'stock-limit'; readonly bestand: number };
  };
  /** Replaces the line being edited (item page opened with cartItemId), keeping its place. */
  readonly replace: {
    readonly params: { readonly cartItemId: string; readonly line: ProductLine };
    readonly result: { readonly outcome: 'updated' | 'missing' };
  };
  /** The checkout's fee lines (online service fee, delivery fee): exactly these while it is open. */
  readonly setFees: { readonly params: { readonly fees: readonly FeeCharge[] }; readonly result: { readonly changed: boolean } };
  /** The checkout was left without ordering: its fee lines go. */
  readonly removeFees: { readonly params: Record<string, never>; readonly result: { readonly changed: boolean } };
  /** The order was saved: the cart is emptied. */
  readonly clear: { readonly params: Record<string, never>; readonly result: { readonly changed: boolean } };
}

const HANDLER_KEY = '__shop_cart_command_handler__';

export type CartCommandName = keyof CartCommands;
export type CartCommandParams<K extends CartCommandName> = CartCommands[K]['params'];
export type CartCommandResult<K extends CartCommandName> = CartCommands[K]['result'];

/** What mf-cart registers: one function per command. */
export type CartCommandHandler = { readonly [K in CartCommandName]: (params: CartCommandParams<K>) => Promise<CartCommandResult<K>> };

/** The handler slot, one per page (the name is the seam; a copy bundled into another app joins it). */
function slot(): BehaviorSubject<CartCommandHandler | null> {
  // One slot per page under a global key (as the bus does): every app's bundled copy of this module joins it.
  const holder = globalThis as unknown as Record<string, BehaviorSubject<CartCommandHandler | null> | undefined>;
  return (holder[HANDLER_KEY] ??= new BehaviorSubject<CartCommandHandler | null>(null));
}

/** The cart remote has not answered (it failed to load): the caller says so instead of hanging. */
export class CartUnavailableError extends Error {
  constructor(readonly command: CartCommandName) {
    super(`The cart did not take the command "${command}" within ${SHOP_CONSTANTS.cartCommandWaitMs} ms`);
    this.name = 'CartUnavailableError';
  }
}

/** mf-cart: registers the one writer of the cart. Returns the unregistration. */
export function registerCartCommands(handler: CartCommandHandler): () => void {
  const holder = slot();
  holder.next(handler);
  return () => {
    if (holder.getValue() === handler) holder.next(null);
  };
}

/**
 * Any app: runs a cart command, waiting (up to SHOP_CONSTANTS.cartCommandWaitMs) for mf-cart to
 * register when it is still loading. Rejects with CartUnavailableError when it never does.
 */
export async function cartCommand<K extends CartCommandName>(name: K, params: CartCommandParams<K>): Promise<CartCommandResult<K>> {
  const handler = await firstValueFrom(
    slot().pipe(
      filter((h): h is CartCommandHandler => h !== null),
      timeout({ first: SHOP_CONSTANTS.cartCommandWaitMs, with: () => throwError(() => new CartUnavailableError(name)) }),
    ),
  );
  const run = handler[name] as (p: CartCommandParams<K>) => Promise<CartCommandResult<K>>;
  return run(params);
}
