// Free of zod: domain rules and browser stores read the limits without loading the schema library
// (docs/requirements.md#perf-js-budget); the schemas in common.ts use the same numbers.

/**
 * Bounds of every input (docs/security.md "Limits"): no amount in this shop comes near 100 000 €,
 * no text near these lengths; a value beyond them is refused with a clear 400 before any handler.
 */
export const LIMITS = {
  maxCents: 10_000_000,
  id: 80,
  code: 40,
  name: 200,
  personName: 100,
  email: 254,
  phone: 40,
  text: 2_000,
  note: 500,
  lineNote: 200,
  addressField: 100,
  plz: 10,
  shortList: 30,
  extras: 50,
  /** Lines an order (or cart) may carry at most; the server's own limit (MAX_ORDER_LINES) is lower. */
  orderLines: 200,
  /** Favourite articles per list (favFoods, favDrinks) and favourite carts per device or account. */
  favourites: 200,
  favouriteCarts: 20,
  /** Lines of one favourite cart. */
  favouriteCartLines: 50,
  /** Allergen codes a guest may exclude, and the length of one code. */
  allergenCodes: 40,
  allergenCode: 20,
  /** Devices (push token records) linked to one account; the least recently used beyond it are unlinked. */
  pushDevicesPerAccount: 20,
} as const;
