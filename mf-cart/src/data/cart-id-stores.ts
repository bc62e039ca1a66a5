import { createPersistentStore } from '@shop/shared/stores';

// The cart-id stores, apart from the restore (which validates server carts with zod and is loaded
// only for a `cartId` link), so that the cart page's first load carries no validation library.

/** The cart id of a `cartId` link being restored (requirements#entities "Other state: cart id"). */
export const cartIdStore = createPersistentStore<string | null>('cart:cartId', null, {
  parse: (raw) => (typeof raw === 'string' || raw === null ? raw : undefined),
});

/** The id of the cart this browser saved with "Warenkorb teilen" (SaveCart updates it). */
export const sharedCartStore = createPersistentStore<{ cartId: string; lastModified: number } | null>('cart:shared', null);
