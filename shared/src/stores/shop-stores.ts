import { BehaviorSubject } from 'rxjs';
import type { Cart, CartLine, Offer } from '../contract/cart';
import type { OrderMode } from '../contract/common';
import type { SavedOrder, SelectedTime } from '../contract/order';
import type { ResolvedDescriptor } from '../contract/deploy';
import { isCartLocked, lockUntil } from '../domain/cart-lock';
import { pushTokenKind } from '../domain/push-token';
import { SHOP_CONSTANTS } from '../domain/shop-constants';
import { createPersistentStore } from './persistent-store';
import { pageSingleton } from './page-singleton';

function isCartLine(v: unknown): v is CartLine {
  if (typeof v !== 'object' || v === null) return false;
  const l = v as Record<string, unknown>;
  return (
    (l.kind === 'product' || l.kind === 'coupon' || l.kind === 'fee') &&
    typeof l.cartItemId === 'string' &&
    typeof l.id === 'string' &&
    typeof l.count === 'number' &&
    // coupon lines carry amount/discount instead of an itemTotal
    (l.kind === 'coupon' || typeof l.itemTotal === 'number')
  );
}

/** Cart lines (kept for the local restore window of 12 h, ADR 0005). */
export const cartStore = createPersistentStore<Cart>('cart:items', [], {
  ttlMs: SHOP_CONSTANTS.localCartWindowMs,
  parse: (raw) => (Array.isArray(raw) && raw.every(isCartLine) ? raw : undefined),
});

/** End (ms) of the 3 s cart lock after a restore (requirements#shop-behaviour); 0 when unlocked. Check with isCartLocked (domain/cart-restore.ts). */
export const cartLockStore = pageSingleton('cart:lockedUntil', () => new BehaviorSubject<number>(0));

/**
 * Locks the cart for 3 s after a restore at `now` (requirements#shop-behaviour). A timer also releases the lock,
 * so it ends even when the wall clock does not move on (a clock set back, a frozen test clock).
 */
export function lockCart(now: number = Date.now()): void {
  const until = lockUntil(now);
  cartLockStore.next(until);
  setTimeout(() => {
    if (cartLockStore.getValue() === until) cartLockStore.next(0);
  }, SHOP_CONSTANTS.cartLockMs);
}

/**
 * Resolves once the restore lock is over (at once when the cart is not locked). A guest's own tap
 * (add an item, redeem a coupon) waits for it instead of being dropped.
 */
export function untilCartUnlocked(): Promise<void> {
  return new Promise<void>((resolve) => {
    let done = false;
    const subscription = cartLockStore.subscribe((until) => {
      if (done || isCartLocked(until, Date.now())) return;
      done = true;
      resolve();
      queueMicrotask(() => subscription.unsubscribe());
    });
  });
}

/** Active offers (LoadCoupons), kept fresh by mf-cart; pass them to priceCart (domain/pricing.ts). */
export const offersStore = createPersistentStore<Offer[]>('cart:offers', [], {
  parse: (raw) => (Array.isArray(raw) ? (raw as Offer[]) : undefined),
});

/** Order mode: takeaway (default), delivery or in-house. */
export const orderModeStore = createPersistentStore<OrderMode>('shell:orderMode', 'takeaway', {
  parse: (raw) => (raw === 'takeaway' || raw === 'delivery' || raw === 'inhouse' ? raw : undefined),
});

export interface TableContext {
  readonly table?: string;
  readonly area?: string;
  readonly tableFlex?: boolean;
}

/** Table number or order area of in-house mode, kept for 2 h. */
export const tableStore = createPersistentStore<TableContext>(
  'shell:table',
  {},
  { ttlMs: SHOP_CONSTANTS.tableTtlMs, parse: (raw) => (typeof raw === 'object' && raw !== null ? raw : undefined) },
);

/** Selected pickup/delivery time, kept for 2 h. */
export const selectedTimeStore = createPersistentStore<SelectedTime | null>('checkout:selectedTime', null, {
  ttlMs: SHOP_CONSTANTS.selectedTimeTtlMs,
});

export interface CheckoutFormData {
  name: string;
  email: string;
  phone: string;
  note: string;
  invoiceAddress: { company: string; street: string; plz: string; city: string };
  deliveryAddress: { company: string; street: string; plz: string; city: string; etage: string };
  sameAddress: boolean;
  companyInvoice: boolean;
}

export const emptyFormData: CheckoutFormData = {
  name: '',
  email: '',
  phone: '',
  note: '',
  invoiceAddress: { company: '', street: '', plz: '', city: '' },
  deliveryAddress: { company: '', street: '', plz: '', city: '', etage: '' },
  sameAddress: true,
  companyInvoice: false,
};

function parseForm(raw: unknown): CheckoutFormData | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Partial<CheckoutFormData>;
  return {
    ...emptyFormData,
    ...r,
    invoiceAddress: { ...emptyFormData.invoiceAddress, ...(r.invoiceAddress ?? {}) },
    deliveryAddress: { ...emptyFormData.deliveryAddress, ...(r.deliveryAddress ?? {}) },
  };
}

/** Checkout form data kept locally (requirements#order-entities), and the separate in-house copy. */
export const formDataStore = createPersistentStore<CheckoutFormData>('checkout:formData', emptyFormData, { parse: parseForm });
export const inhouseFormDataStore = createPersistentStore<CheckoutFormData>('checkout:inhouseformData', emptyFormData, {
  parse: parseForm,
});

/** The guest's last orders, merged by uniqueOrderId (requirements#local-orders). */
export const lastOrdersStore = createPersistentStore<SavedOrder[]>('orders:lastOrders', [], {
  parse: (raw) => (Array.isArray(raw) ? (raw as SavedOrder[]) : undefined),
});

export interface AuthUser {
  readonly uid: string;
  readonly email: string | null;
  readonly displayName: string | null;
  readonly phoneNumber: string | null;
  readonly emailVerified: boolean;
  readonly providerId: string;
  /** An anonymous guest session (signInAnonymously): not an account holder (requirements#checkout-roles). */
  readonly isAnonymous?: boolean;
}

/** Signed-in user, published by mf-account (not persisted: Firebase keeps the session). */
export const authStore = pageSingleton('auth:user', () => new BehaviorSubject<AuthUser | null>(null));

/** This host's deployment descriptor, set by the shell at start. */
export const descriptorStore = pageSingleton('shell:descriptor', () => new BehaviorSubject<ResolvedDescriptor | null>(null));

/** The branch (filialnummer) the guest chose on Filialen?select=true; null: the host's default branch. */
export const selectedStoreStore = createPersistentStore<number | null>('menu:selectedStore', null, {
  parse: (raw) => (raw === null || (typeof raw === 'number' && Number.isInteger(raw) && raw > 0) ? raw : undefined),
});

/**
 * This device's push token (requirements#order-entities local key pushToken; requirements#push): saved when
 * received and on refresh, removed on failure or when permission is not granted (mf-account's push
 * module writes it). The shell follows a local token's channel on the events stream; the checkout
 * sends it with the order.
 */
export const pushTokenStore = createPersistentStore<string | null>('account:pushToken', null, {
  parse: (raw) => (typeof raw === 'string' && pushTokenKind(raw) !== null ? raw : undefined),
});
