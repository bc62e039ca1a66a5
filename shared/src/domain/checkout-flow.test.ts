import { describe, expect, it } from 'vitest';
import type { Cart } from '../contract/cart';
import { DEFAULT_FEATURES } from './features';
import {
  FLOWS,
  availableProviders,
  checkoutRedirect,
  isFlowEnabled,
  runCheckoutQuestions,
  usecaseOf,
  type Question,
  type QuestionInput,
} from './checkout-flow';

const line = (patch: Partial<Extract<Cart[number], { kind: 'product' }>> = {}) =>
  ({
    kind: 'product',
    cartItemId: `ci-${Math.random()}`,
    id: 'tacos',
    type: 'food',
    delay: 0,
    nameToDisplay: 'Tacos',
    description: '',
    notes: '',
    vol: '',
    count: 2,
    sizePrice: 850,
    sumOfExtras: 0,
    itemTotal: 1700,
    extras: [],
    extrasToDisplay: '',
    variantsSelected: [],
    stylesSelected: [],
    ...patch,
  }) as Cart[number];

const config = {
  orderingEnabled: true,
  takeawayOrderingEnabled: true,
  deliveryOrderingEnabled: true,
  inhouseOrderingEnabled: true,
  selfServiceEnabled: false,
  providers: { bar: true, stripe: true, paypal: true, wallet: true, customerCard: false },
  onlineServiceFee: 49,
};
const features = { ...DEFAULT_FEATURES, enableDelivery: true, enableDeliveryOhnePay: true };

function scripted(answers: Partial<Record<Question['id'], boolean | null>>) {
  const asked: Question[] = [];
  const informed: string[] = [];
  let redeemed = 0;
  return {
    asked,
    informed,
    redeemed: () => redeemed,
    io: {
      ask: async (q: Question) => {
        asked.push(q);
        const answer = answers[q.id];
        return answer === undefined ? false : answer;
      },
      inform: async (title: string) => {
        informed.push(title);
      },
      redeemStamp: () => {
        redeemed += 1;
      },
    },
  };
}

const input = (patch: Partial<QuestionInput> = {}): QuestionInput => ({
  cart: [line()],
  total: 1700,
  orderMode: 'takeaway',
  config,
  features,
  ...patch,
});

describe('route names (requirements#checkout-screens): checkout + usecase [+ WithPay] [+ Tip]', () => {
  it('maps every flow to its route and back', () => {
    expect(Object.values(FLOWS).map((f) => f.route)).toEqual([
      'checkouttakeAwayWithPay',
      'checkouttakeAway',
      'checkoutdelivery',
      'checkoutdeliveryWithPay',
      'checkoutinhouse',
      'checkoutinhouseWithPay',
      'checkoutinhouseWithPayTip',
      'checkoutinhouseMobilePaymentWithPay',
      'checkoutdigitalWithPay',
    ]);
  });
  it('has the steps and timers of the spec', () => {
    expect(FLOWS.takeawayWithPay.steps).toEqual(['data', 'time', 'payment']);
    expect(FLOWS.takeawayWithPay.saveAfter).toBe('time');
    expect(FLOWS.takeaway.saveRetries).toEqual({ retries: 3, delayMs: 1000 });
    expect(FLOWS.deliveryWithPay.saveRetries).toEqual({ retries: 2, delayMs: 2200 });
    expect(FLOWS.inhouse.steps).toEqual(['data']);
    expect(FLOWS.inhouse.successRedirectMs).toBe(400);
    expect(FLOWS.inhouseWithPayTip.steps).toEqual(['data', 'tip', 'payment']);
    expect(FLOWS.inhouseWithPay.saveAfter).toBe('data');
    expect(FLOWS.takeawayWithPay.successRedirectMs).toBe(1200);
    expect([
      FLOWS.takeawayWithPay.overlayMs,
      FLOWS.takeaway.overlayMs,
      FLOWS.inhouseWithPay.overlayMs,
      FLOWS.inhouse.overlayMs,
      FLOWS.mobilePayment.overlayMs,
    ]).toEqual([5000, 8000, 6000, 8000, 8000]);
  });
  it('names the usecase of the order', () => {
    expect(usecaseOf('takeaway', false)).toBe('takeaway');
    expect(usecaseOf('deliveryWithPay', false)).toBe('delivery');
    expect(usecaseOf('inhouse', false)).toBe('tableordering');
    expect(usecaseOf('inhouse', true)).toBe('selfservice');
    expect(usecaseOf('mobilePayment', true)).toBe('inhouseMobilePayment');
    expect(usecaseOf('digital', false)).toBe('digital');
  });
});

describe('questions before checkout (requirements#checkout-behaviour)', () => {
  it('a cancelled question (Escape, backdrop) is never an answer: no next question, nothing chosen (docs/requirements.md#order-flow)', async () => {
    const cases: [Partial<Record<Question['id'], boolean | null>>, number][] = [
      [{ usecase: null }, 1],
      [{ usecase: true, itemCount: null }, 2],
      [{ usecase: false, itemCount: true, onlinePay: null }, 3],
    ];
    for (const [answers, asked] of cases) {
      const s = scripted(answers);
      expect(await runCheckoutQuestions(input(), s.io)).toEqual({ outcome: 'stay', reason: 'cancelled' });
      expect(s.asked).toHaveLength(asked);
    }
    const stamp = scripted({ usecase: true, itemCount: true, stamp: null });
    expect(await runCheckoutQuestions(input({ stampRedeemable: true, stampDiscount: 500, features: { ...features, enableStempel: true } }), stamp.io)).toEqual({
      outcome: 'stay',
      reason: 'cancelled',
    });
    expect(stamp.redeemed()).toBe(0);
    const inhouse = scripted({ onlinePay: null });
    expect(await runCheckoutQuestions(input({ orderMode: 'inhouse', table: '7' }), inhouse.io)).toEqual({ outcome: 'stay', reason: 'cancelled' });
  });

  it('takeaway or delivery, the item count with the total, then online or not', async () => {
    const s = scripted({ usecase: true, itemCount: true, onlinePay: true });
    expect(await runCheckoutQuestions(input(), s.io)).toEqual({ outcome: 'go', flow: 'takeawayWithPay', route: 'checkouttakeAwayWithPay' });
    expect(s.asked.map((q) => q.title)).toEqual([
      'Bestellung zur Abholung oder Lieferung?',
      'Ist die Anzahl der Artikel korrekt?',
      'Möchtest du online bezahlen?',
    ]);
    expect(s.asked[0]).toMatchObject({ yes: 'Abholung', no: 'Lieferung' });
    expect(s.asked[1]!.text).toBe('2 Artikel für insgesamt 17,00\u00a0€');
  });
  it('"no" to online payment leads to the pickup-payment flow; delivery answers lead to delivery', async () => {
    expect(await runCheckoutQuestions(input(), scripted({ usecase: true, itemCount: true, onlinePay: false }).io)).toMatchObject({ route: 'checkouttakeAway' });
    expect(await runCheckoutQuestions(input(), scripted({ usecase: false, itemCount: true, onlinePay: true }).io)).toMatchObject({
      route: 'checkoutdeliveryWithPay',
    });
    expect(await runCheckoutQuestions(input(), scripted({ usecase: false, itemCount: true, onlinePay: false }).io)).toMatchObject({
      route: 'checkoutdelivery',
    });
  });
  it('goes straight to the only enabled pay mode and skips the delivery question when delivery is off', async () => {
    const s = scripted({ itemCount: true });
    const onlyOnline = input({ features: { ...features, enableDelivery: false, enableTakwawayOhnePay: false } });
    expect(await runCheckoutQuestions(onlyOnline, s.io)).toMatchObject({ route: 'checkouttakeAwayWithPay' });
    expect(s.asked.map((q) => q.id)).toEqual(['itemCount']);
    const onlyOffline = input({ features: { ...features, enableDelivery: false, enableTakeawayPay: false } });
    expect(await runCheckoutQuestions(onlyOffline, scripted({ itemCount: true }).io)).toMatchObject({ route: 'checkouttakeAway' });
  });
  it('asks about online payment without a fee text when no fee is set', async () => {
    const s = scripted({ usecase: true, itemCount: true, onlinePay: true });
    await runCheckoutQuestions(input({ config: { ...config, onlineServiceFee: 0 } }), s.io);
    expect(s.asked.at(-1)).toMatchObject({ id: 'onlinePay', title: 'Möchtest du online bezahlen?' });
    expect(s.asked.at(-1)!.text).toBeUndefined();
  });
  it('stays in the cart when the item count is not confirmed', async () => {
    expect(await runCheckoutQuestions(input(), scripted({ usecase: true, itemCount: false }).io)).toEqual({ outcome: 'stay', reason: 'declined' });
  });
  it('asks to redeem a full stamp card and redeems it on yes', async () => {
    const s = scripted({ usecase: true, itemCount: true, stamp: true, onlinePay: true });
    await runCheckoutQuestions(input({ stampRedeemable: true, stampDiscount: 1500, features: { ...features, enableStempel: true } }), s.io);
    expect(s.asked.map((q) => q.id)).toEqual(['usecase', 'itemCount', 'stamp', 'onlinePay']);
    expect(s.asked[2]!.text).toBe('Du erhältst 15,00\u00a0€ Rabatt auf diese Bestellung.');
    // The online service fee is named in the question that leads to it (requirements#accessibility).
    expect(s.asked[3]!.text).toBe('Für die Online-Zahlung berechnen wir eine Servicegebühr von 0,49\u00a0€ (inkl. MwSt.).');
    expect(s.redeemed()).toBe(1);
  });
  it('in-house: needs a table or area, then asks about online payment', async () => {
    const noTable = scripted({});
    expect(await runCheckoutQuestions(input({ orderMode: 'inhouse' }), noTable.io)).toEqual({ outcome: 'stay', reason: 'noTable' });
    expect(noTable.informed).toEqual(['Bitte scanne den QR-Code an deinem Tisch']);
    expect(await runCheckoutQuestions(input({ orderMode: 'inhouse', table: '12' }), scripted({ onlinePay: false }).io)).toMatchObject({
      route: 'checkoutinhouse',
    });
    expect(await runCheckoutQuestions(input({ orderMode: 'inhouse', table: '12' }), scripted({ onlinePay: true }).io)).toMatchObject({
      route: 'checkoutinhouseWithPay',
    });
    const tip = input({ orderMode: 'inhouse', area: 'Terrasse', features: { ...features, enableTip: true } });
    expect(await runCheckoutQuestions(tip, scripted({ onlinePay: true }).io)).toMatchObject({ route: 'checkoutinhouseWithPayTip' });
    const selfService = input({ orderMode: 'inhouse', table: '3', config: { ...config, selfServiceEnabled: true } });
    expect(await runCheckoutQuestions(selfService, scripted({ onlinePay: true }).io)).toMatchObject({ route: 'checkoutinhouseMobilePaymentWithPay' });
  });
  it('tickets only: the digital flow', async () => {
    const tickets = input({ cart: [line({ type: 'ticket', ticket: true, count: 1 })] });
    expect(await runCheckoutQuestions(tickets, scripted({ itemCount: true }).io)).toMatchObject({ route: 'checkoutdigitalWithPay' });
  });
  it('stays when the cart is empty or ordering is disabled', async () => {
    expect(await runCheckoutQuestions(input({ cart: [] }), scripted({}).io)).toEqual({ outcome: 'stay', reason: 'empty' });
    expect(await runCheckoutQuestions(input({ config: { ...config, orderingEnabled: false } }), scripted({}).io)).toEqual({
      outcome: 'stay',
      reason: 'orderingDisabled',
    });
  });
  it('knows which flows are enabled', () => {
    expect(
      isFlowEnabled('takeawayWithPay', { ...config, providers: { bar: true, stripe: false, paypal: false, wallet: false, customerCard: false } }, features),
    ).toBe(false);
    expect(isFlowEnabled('delivery', config, { ...features, enableDelivery: false })).toBe(false);
    expect(isFlowEnabled('inhouse', { ...config, inhouseOrderingEnabled: false }, features)).toBe(false);
  });
});

describe('checkout redirects (requirements#checkout-screens)', () => {
  const base = { flow: FLOWS.takeawayWithPay, cart: [line()], sum: 1700, orderingEnabled: true, flowEnabled: true };
  it('empty cart, ordering disabled, flow disabled go to the start page', () => {
    expect(checkoutRedirect({ ...base, cart: [] })).toEqual({ to: 'Home', reason: 'empty' });
    expect(checkoutRedirect({ ...base, orderingEnabled: false })).toEqual({ to: 'Home', reason: 'orderingDisabled' });
    expect(checkoutRedirect({ ...base, flowEnabled: false })).toEqual({ to: 'Home', reason: 'flowDisabled' });
  });
  it('in-house without table and area goes to the start page', () => {
    expect(checkoutRedirect({ ...base, flow: FLOWS.inhouse })).toEqual({ to: 'Home', reason: 'noTable' });
    expect(checkoutRedirect({ ...base, flow: FLOWS.inhouse, area: 'Bar' })).toBeNull();
    expect(checkoutRedirect({ ...base, flow: FLOWS.inhouseWithPayTip, table: '12' })).toBeNull();
  });
  it('the digital checkout takes tickets only; tickets take no other checkout', () => {
    expect(checkoutRedirect({ ...base, flow: FLOWS.digital })).toEqual({ to: 'Korb', reason: 'wrongArticles' });
    expect(checkoutRedirect({ ...base, flow: FLOWS.digital, cart: [line({ type: 'ticket' }), line()] })).toEqual({ to: 'Korb', reason: 'wrongArticles' });
    expect(checkoutRedirect({ ...base, flow: FLOWS.digital, cart: [line({ type: 'ticket' })] })).toBeNull();
    expect(checkoutRedirect({ ...base, cart: [line({ type: 'ticket' })] })).toEqual({ to: 'Korb', reason: 'wrongArticles' });
  });
  it('sum 0 and a total that differs from the stored payment total go back to the cart', () => {
    expect(checkoutRedirect({ ...base, sum: 0 })).toEqual({ to: 'Korb', reason: 'zeroSum' });
    expect(checkoutRedirect({ ...base, storedTotal: 1749, currentTotal: 1800 })).toEqual({ to: 'Korb', reason: 'totalMismatch' });
    expect(checkoutRedirect({ ...base, storedTotal: 1749, currentTotal: 1749 })).toBeNull();
    expect(checkoutRedirect({ ...base, storedTotal: null, currentTotal: 1800 })).toBeNull();
  });
});

describe('providers the server can take (ADR 0026)', () => {
  const venue = { bar: true, stripe: true, paypal: true, wallet: true, customerCard: true };
  it('a provider the venue switched on counts only when the server has it', () => {
    expect(availableProviders(venue, { card: true, paypal: true })).toEqual(venue);
    expect(availableProviders(venue, { card: true, paypal: false })).toEqual({ ...venue, paypal: false });
    expect(availableProviders(venue, { card: false, paypal: true })).toEqual({ ...venue, stripe: false, wallet: false });
  });
  it('never switches on what the venue switched off', () => {
    expect(availableProviders({ ...venue, paypal: false, wallet: false }, { card: true, paypal: true })).toEqual({ ...venue, paypal: false, wallet: false });
  });
});
