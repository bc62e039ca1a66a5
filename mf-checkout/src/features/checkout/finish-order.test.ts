import { afterEach, describe, expect, it } from 'vitest';
import { on } from '@shop/shared/bus';
import { registerCartCommands, type CartCommandHandler } from '@shop/shared/commands/cart';
import { FLOWS } from '@shop/shared/domain/checkout-flow';
import { de } from '@shop/shared/i18n';
import { formDataStore, inhouseFormDataStore, lastOrdersStore } from '@shop/shared/stores';
import { testOrder } from '@shop/shared/testing/orders';
import { finishOrder } from './finish-order';

/** What finishing one order did: the cart command, the overlays asked for and the redirect scheduled. */
function finish(askGuestToLogin: boolean) {
  let cartCleared = false;
  const unregister = registerCartCommands({
    clear: async () => {
      cartCleared = true;
      return { ok: true };
    },
  } as unknown as CartCommandHandler);
  const overlays: unknown[] = [];
  const overlaySubscription = on('shell:overlay').subscribe((request) => overlays.push(request));
  const scheduled: number[] = [];
  const order = testOrder({ uniqueOrderId: 'order-finish-1' });
  finishOrder(order, FLOWS.takeaway, { askGuestToLogin, schedule: (_fn, ms) => scheduled.push(ms) });
  overlaySubscription.unsubscribe();
  return { order, overlays, scheduled, cartCleared: () => cartCleared, unregister };
}

describe('finishOrder: after an order is saved', () => {
  afterEach(() => {
    formDataStore.reset();
    inhouseFormDataStore.reset();
    lastOrdersStore.reset();
  });

  it("the order's note is not carried into the next order; name and contact stay", async () => {
    formDataStore.update((form) => ({ ...form, fullName: 'Erika Muster', phone: '0151 1234567', note: 'Bitte ohne Zwiebeln, Allergie' }));
    inhouseFormDataStore.update((form) => ({ ...form, note: 'Tisch am Fenster' }));
    const run = finish(false);
    await Promise.resolve();
    expect(formDataStore.get()).toMatchObject({ fullName: 'Erika Muster', phone: '0151 1234567', note: '' });
    expect(inhouseFormDataStore.get().note).toBe('');
    expect(run.cartCleared()).toBe(true);
    expect(lastOrdersStore.get().map((o) => o.uniqueOrderId)).toContain('order-finish-1');
    run.unregister();
  });

  it("asks a guest to sign in for stamps at the top, so the order page's push question stays free", () => {
    const run = finish(true);
    expect(run.overlays).toEqual([
      expect.objectContaining({
        kind: 'toast',
        text: de.checkout.loginForStampsText,
        placement: 'top',
        action: expect.objectContaining({ label: de.checkout.loginForStamps }),
      }),
    ]);
    run.unregister();
  });

  it("no toast for a signed-in guest; the order page follows after the flow's redirect time", () => {
    const run = finish(false);
    expect(run.overlays).toEqual([]);
    expect(run.scheduled).toEqual([FLOWS.takeaway.successRedirectMs]);
    run.unregister();
  });
});
