import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { on } from '@shop/shared/bus';
import type { ProductLine } from '@shop/shared/contract';
import { cartLockStore, cartStore, lockCart } from '@shop/shared/stores';
import { testLine } from '@shop/shared/testing/orders';
import { cartCommandHandler, updateCart } from './commands';

const NOW = 1_800_000_000_000;
/** Tacos al Pastor at 8,50 €, as the menu's id; `over` changes what a test is about. */
const tacos = (over: Partial<ProductLine> = {}): ProductLine => ({
  ...testLine({ name: 'Tacos al Pastor', price: 850 }),
  id: 'tacos-al-pastor',
  cartItemId: 'ci-1',
  ...over,
});

describe("mf-cart's commands: the cart's one writer (docs/requirements.md#cart-protection)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    cartStore.reset();
    cartLockStore.next(0);
  });
  afterEach(() => vi.useRealTimers());

  it('add merges up to 99, reports how many went in and announces cart:item-added', async () => {
    const added: number[] = [];
    const sub = on('cart:item-added').subscribe((e) => added.push(e.count));
    await cartCommandHandler.add({ line: tacos({ count: 95, itemTotal: 95 * 850 }), stockEnabled: false });
    const result = await cartCommandHandler.add({ line: tacos({ cartItemId: 'ci-2', count: 10, itemTotal: 8500 }), stockEnabled: false });
    sub.unsubscribe();
    expect(result).toEqual({ outcome: 'merged', cartItemId: 'ci-1', accepted: 4 });
    expect(cartStore.get()).toHaveLength(1);
    expect(cartStore.get()[0]).toMatchObject({ count: 99, itemTotal: 99 * 850 });
    expect(added).toEqual([95, 4]);
  });

  it('a guest add during the 3 s restore lock waits for it; a +/- is ignored', async () => {
    cartStore.set([tacos()]);
    lockCart(NOW);
    expect(updateCart(() => [])).toBe(false);
    expect(cartStore.get()).toHaveLength(1);
    let done = false;
    const pending = cartCommandHandler.add({ line: tacos({ cartItemId: 'ci-2' }), stockEnabled: false }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(cartStore.get()[0]).toMatchObject({ count: 2 });
  });

  it('refuses beyond the stock the article was added with', async () => {
    await cartCommandHandler.add({ line: tacos({ count: 2, itemTotal: 1700, hasBestand: true, bestand: 2 }), stockEnabled: true });
    const result = await cartCommandHandler.add({ line: tacos({ cartItemId: 'x', hasBestand: true, bestand: 2 }), stockEnabled: true });
    expect(result).toEqual({ outcome: 'stock-limit', bestand: 2 });
    expect(cartStore.get()[0]).toMatchObject({ count: 2 });
  });

  it('sets and removes the checkout fee lines and empties the cart after an order', async () => {
    cartStore.set([tacos()]);
    expect(await cartCommandHandler.setFees({ fees: [{ id: 'special-fee-service', name: 'Servicegebühr', amount: 49 }] })).toEqual({ changed: true });
    expect(cartStore.get().map((l) => l.kind)).toEqual(['product', 'fee']);
    expect(await cartCommandHandler.setFees({ fees: [{ id: 'special-fee-service', name: 'Servicegebühr', amount: 49 }] })).toEqual({ changed: false });
    expect(await cartCommandHandler.removeFees({})).toEqual({ changed: true });
    expect(cartStore.get().map((l) => l.kind)).toEqual(['product']);
    expect(await cartCommandHandler.clear({})).toEqual({ changed: true });
    expect(cartStore.get()).toEqual([]);
  });

  it('replace edits the line in place and reports a line that is gone', async () => {
    cartStore.set([tacos(), tacos({ cartItemId: 'ci-2', id: 'other' })]);
    expect(await cartCommandHandler.replace({ cartItemId: 'ci-1', line: tacos({ cartItemId: 'new', notes: 'scharf' }) })).toEqual({ outcome: 'updated' });
    expect(cartStore.get()[0]).toMatchObject({ cartItemId: 'ci-1', notes: 'scharf' });
    expect(await cartCommandHandler.replace({ cartItemId: 'nope', line: tacos() })).toEqual({ outcome: 'missing' });
  });
});
