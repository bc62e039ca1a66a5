import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { on, type OverlayRequest } from '@shop/shared/bus';
import { configureActionClient } from '@shop/shared/client';
import type { Cart } from '@shop/shared/contract';
import { isCartLocked } from '@shop/shared/domain/cart-lock';
import { cartLockStore, cartStore } from '@shop/shared/stores';
import { testLine } from '@shop/shared/testing/orders';
import { cartIdStore, restoreServerCart } from './cart-id-restore';

const NOW = 1_800_000_000_000;
const CART_ID = 'AbCdEfGhIjKlMnOpQrStUv';
const line = testLine({ name: 'Tacos al Pastor', count: 2, price: 850 });

/** Answers LoadCartItems like the server: the saved cart or a 404. */
function serve(answer: { status: number; body: unknown }) {
  const calls: unknown[] = [];
  configureActionClient({
    waitForBrowserId: async () => 'test-browser-0000-0000-0000-000000000001',
    fetch: async (_url, init) => {
      calls.push(JSON.parse(typeof init?.body === 'string' ? init.body : ''));
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    },
  });
  return calls;
}

function overlays(): OverlayRequest[] {
  const seen: OverlayRequest[] = [];
  on('shell:overlay').subscribe((o) => seen.push(o));
  return seen;
}

describe('restoring a cart from a cartId link (requirements#shop-behaviour, requirements#errors)', () => {
  let clock = NOW;
  beforeEach(() => {
    vi.useFakeTimers();
    clock = NOW;
    cartStore.reset();
    cartIdStore.reset();
    cartLockStore.next(0);
  });
  afterEach(() => vi.useRealTimers());

  it('restores a fresh cart into an empty cart, locks it for 3 s and clears the cart id after 20 s', async () => {
    const calls = serve({ status: 200, body: { ok: true, cart: { items: [line], lastModified: NOW - 60_000, context: { sourceDevice: 'iPhone' } } } });
    const seen = overlays();
    await restoreServerCart(CART_ID, () => clock);
    expect(calls[0]).toMatchObject({ action: 'LoadCartItems', payload: { cartId: CART_ID } });
    expect(cartStore.get()).toEqual([line]);
    expect(isCartLocked(cartLockStore.getValue(), NOW + 2_999)).toBe(true);
    expect(isCartLocked(cartLockStore.getValue(), NOW + 3_000)).toBe(false);
    expect(seen).toContainEqual({ kind: 'snackbar', text: 'Dein Warenkorb wurde wiederhergestellt' });
    expect(cartIdStore.get()).toBe(CART_ID);
    vi.advanceTimersByTime(19_999);
    expect(cartIdStore.get()).toBe(CART_ID);
    vi.advanceTimersByTime(1);
    expect(cartIdStore.get()).toBeNull();
  });

  it('shows the failure toast for an unknown cart and leaves the cart alone', async () => {
    serve({ status: 404, body: { ok: false, error: { code: 'not_found', message: 'No cart' } } });
    const seen = overlays();
    await restoreServerCart(CART_ID, () => clock);
    expect(cartStore.get()).toEqual([]);
    expect(seen).toContainEqual({ kind: 'toast', text: 'Items could not be loaded. Please reload the page to try again' });
    expect(cartIdStore.get()).toBeNull();
  });

  it('shows the failure toast when the server is unreachable', async () => {
    configureActionClient({
      waitForBrowserId: async () => 'test-browser-0000-0000-0000-000000000001',
      fetch: async () => Promise.reject(new TypeError('offline')),
    });
    const seen = overlays();
    await restoreServerCart(CART_ID, () => clock);
    expect(seen).toContainEqual({ kind: 'toast', text: 'Items could not be loaded. Please reload the page to try again' });
  });

  it('does not restore a cart modified 4 h ago, nor into a cart that is not empty', async () => {
    serve({ status: 200, body: { ok: true, cart: { items: [line], lastModified: NOW - 4 * 3_600_000, context: { sourceDevice: '' } } } });
    const seen = overlays();
    await restoreServerCart(CART_ID, () => clock);
    expect(cartStore.get()).toEqual([]);
    expect(seen).toContainEqual({ kind: 'toast', text: 'Dieser Warenkorb-Link ist abgelaufen.' });

    const mine: Cart = [{ ...line, cartItemId: 'mine', count: 1, itemTotal: 850 }];
    cartStore.set(mine);
    serve({ status: 200, body: { ok: true, cart: { items: [line], lastModified: NOW, context: { sourceDevice: '' } } } });
    await restoreServerCart(CART_ID, () => clock);
    expect(cartStore.get()).toEqual(mine);
    expect(isCartLocked(cartLockStore.getValue(), NOW)).toBe(false);
  });
});
