import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Subscription } from 'rxjs';
import { on, type OverlayRequest } from '@shop/shared/bus';
import { menuCategory } from '@shop/shared/contract';
import { item } from '@shop/shared/domain/cart-test-fixtures';
import { cartStore, drinkMenuStore, foodMenuStore, orderModeStore } from '@shop/shared/stores';
import { testLine } from '@shop/shared/testing/orders';
import { startRepricing } from './reprice';

// The cart's re-pricing against the current menu (requirements#errors): a line the menu no longer has
// leaves the cart and the guest is told which one; a line still on the menu stays.

let repricing: Subscription;
let overlays: OverlayRequest[];
let listening: Subscription;

beforeEach(() => {
  vi.useFakeTimers();
  foodMenuStore.set({
    menu: [menuCategory.parse({ id: 'burritos', categoryDE: 'Burritos', type: 'food', items: [item({ id: 'Burrito' })] })],
    lastModified: 1,
  });
  drinkMenuStore.set({ menu: [], lastModified: 1 });
  orderModeStore.set('takeaway');
  cartStore.reset();
  overlays = [];
  listening = on('shell:overlay').subscribe((o) => overlays.push(o));
  repricing = startRepricing();
});
afterEach(() => {
  repricing.unsubscribe();
  listening.unsubscribe();
  vi.useRealTimers();
});

describe('re-pricing the cart against the current menu', () => {
  it('takes out a line whose item left the menu and tells the guest its name', () => {
    cartStore.set([testLine({ name: 'Burrito', price: 500 }), testLine({ name: 'Quesadilla', price: 700 })]);
    vi.advanceTimersByTime(50);
    expect(cartStore.get().map((l) => l.id)).toEqual(['Burrito']);
    expect(overlays).toEqual([{ kind: 'toast', text: '„Quesadilla“ ist nicht mehr verfügbar.' }]);
  });

  it('says nothing while every line is still on the menu', () => {
    cartStore.set([testLine({ name: 'Burrito', price: 500 })]);
    vi.advanceTimersByTime(50);
    expect(cartStore.get().map((l) => l.id)).toEqual(['Burrito']);
    expect(overlays).toEqual([]);
  });
});
