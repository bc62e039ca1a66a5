// The attacks of the security review (docs/security.md), each refused with a clear 4xx and nothing
// stored: capabilities instead of identifiers, the configurator and every usecase rule checked on the
// server, bounded input, headers and defaults. Rate limits are in limits.test.ts, fuzzing in fuzz.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, Menu, OrderDraftInput, ProductLine, SavedOrder } from '@shop/shared/contract';
import { de } from '@shop/shared/i18n';
import { loadConfig } from '../src/config';
import { orders } from '../src/db/schema';
import { applicationDatabase } from './support/databases';
import { onlineTakeawayDraft, productLine, takeawayDraft } from './support/orders';
import { testVerifier } from './support/staff';
import { startTestApi, TEST_BROWSER_ID, type TestApi } from './support/test-api';

const STRANGER = 'test-browser-0000-0000-0000-0000000000ff';

describe.each(applicationDatabase())('security on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  let config: AppConfig;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier: testVerifier });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
    config = (await t.call('GetAppconfig', {})).body.appconfig as AppConfig;
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = (order: unknown, opts: { browserId?: string; solveCaptcha?: boolean } = {}) => t.call('SaveNewOrder', { order } as never, opts);
  const countOrders = async () => (await t.api.database.db.select({ id: orders.uniqueOrderId }).from(orders)).length;

  /** Expects a refusal with a German message and no order stored. */
  async function refused(order: unknown, status: number | number[], opts: { solveCaptcha?: boolean } = {}) {
    const before = await countOrders();
    const res = await save(order, opts);
    expect([status].flat(), JSON.stringify(res.body.error)).toContain(res.status);
    expect((res.body.error as { userMessage?: string }).userMessage ?? '').not.toBe('');
    expect(await countOrders()).toBe(before);
    return res.body.error as { code: string; message: string; userMessage: string };
  }

  describe('capabilities, not identifiers', () => {
    let order: SavedOrder;
    beforeAll(async () => {
      const res = await save(takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 2 }]));
      expect(res.status).toBe(200);
      order = res.body.order as SavedOrder;
    });

    it('no response carries the browser id, not even to its owner', async () => {
      const answers = [
        await t.call('LoadDocs', { collectionName: 'orders', query: { uniqueOrderId: order.uniqueOrderId } }),
        await t.call(
          'LoadDocs',
          { collectionName: 'orders', query: { uniqueOrderId: order.uniqueOrderId, accessToken: order.accessToken ?? '' } },
          { browserId: STRANGER },
        ),
        await t.call('GetLastSelfOrders', {}),
        await t.call('LoadStaffOrders', {}, { token: 'staff:kueche' }),
      ];
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(JSON.stringify(res.body)).not.toContain(TEST_BROWSER_ID);
      }
    });

    it('an order id alone reads nothing; a wrong token neither; the order token reads the order', async () => {
      const load = (accessToken?: string) =>
        t.call(
          'LoadDocs',
          { collectionName: 'orders', query: { uniqueOrderId: order.uniqueOrderId, ...(accessToken ? { accessToken } : {}) } },
          { browserId: STRANGER },
        );
      expect((await load()).body.docs).toEqual([]);
      expect((await load(`${order.accessToken}x`)).body.docs).toEqual([]);
      expect((await load(order.accessToken)).body.docs).toHaveLength(1);
    });

    it('past orders, payments and stamp cards belong to their own browser or account', async () => {
      const past = (await t.call('GetLastSelfOrders', {}, { browserId: STRANGER })).body.orders as SavedOrder[];
      expect(past.map((o) => o.uniqueOrderId)).not.toContain(order.uniqueOrderId);
      const pay = await t.call(
        'StripeCreatePaymentIntent',
        { amount: order.total, paymentMethodId: 'pm_card_visa', order: { uniqueOrderId: order.uniqueOrderId } },
        { browserId: STRANGER },
      );
      expect(pay.status).toBe(404);
      expect((await t.call('LoadStempelkarte', { fuid: 'anna' }, { token: 'user:ben' })).status).toBe(403);
      expect((await t.call('LoadStempelkarte', { fuid: 'anna' })).status).toBe(401);
      const prefs = await t.call('LoadDocs', { collectionName: 'userPreferences', query: { deviceId: TEST_BROWSER_ID } }, { browserId: STRANGER });
      expect(prefs.status).toBe(403);
    });

    it('CancelUnpaidOrder: only the order’s own browser, and only while it awaits payment', async () => {
      const online = (await save(onlineTakeawayDraft(menu, config, [{ itemId: 'tacos-al-pastor' }]))).body.order as SavedOrder;
      const stranger = await t.call('CancelUnpaidOrder', { uniqueOrderId: online.uniqueOrderId }, { browserId: STRANGER });
      expect(stranger.status).toBe(404);
      const own = await t.call('CancelUnpaidOrder', { uniqueOrderId: online.uniqueOrderId });
      expect(own.status, JSON.stringify(own.body.error)).toBe(200);
      expect((own.body.order as SavedOrder).state).toBe('Cancelled');
      // A placed order (paid on site) is the kitchen's: the guest cannot cancel it this way.
      const placed = await t.call('CancelUnpaidOrder', { uniqueOrderId: order.uniqueOrderId });
      expect(placed.status).toBe(409);
    });

    it("a payment can only use a payment method of the order's own payer", async () => {
      const online = (await save(onlineTakeawayDraft(menu, config, [{ itemId: 'tacos-al-pastor', count: 2 }]))).body.order as SavedOrder;
      // Another account's saved card.
      const ben = { token: 'user:ben', browserId: STRANGER };
      const customer = (await t.call('CreateStripeBuyer', { fuid: 'ben', email: 'ben@example.org' }, ben)).body.stripeCustomerId as string;
      const card = (await t.call('AttachPaymentMethodToStripe', { stripeCustomerId: customer, paymentMethodId: 'pm_card_visa' }, ben)).body.paymentMethod as {
        paymentMethodId: string;
      };
      const res = await t.call('StripeCreatePaymentIntent', {
        amount: online.total,
        stripeCustomerId: customer,
        paymentMethodId: card.paymentMethodId,
        order: { uniqueOrderId: online.uniqueOrderId },
      });
      expect(res.status).toBe(403);
      // Ben's card without naming his customer: the provider refuses a card of another customer.
      const bare = await t.call('StripeCreatePaymentIntent', {
        amount: online.total,
        paymentMethodId: card.paymentMethodId,
        order: { uniqueOrderId: online.uniqueOrderId },
      });
      expect(bare.status).toBe(400);
    });
  });

  describe('the configurator, checked whole on the server', () => {
    const burrito = () =>
      productLine(menu, {
        itemId: 'burrito-classic-chicken',
        variantsSelected: [
          { stepIndex: 0, optionIds: ['rice-mexican'] },
          { stepIndex: 1, optionIds: ['beans-black'] },
        ],
      });
    const withVariants = (line: ProductLine, variantsSelected: ProductLine['variantsSelected']): ProductLine => ({ ...line, variantsSelected });
    const draftOf = (...lines: ProductLine[]): OrderDraftInput => {
      const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]);
      const total = lines.reduce((n, l) => n + l.itemTotal, 0);
      return { ...draft, orderData: lines, paymentInfo: { amount: total, itemsTotal: total, tip: 0 } };
    };

    it('a step sent twice (5 toppings where 3 is the maximum, all free) is refused', async () => {
      const line = burrito();
      const attack = withVariants(line, [
        ...line.variantsSelected,
        { stepIndex: 2, optionIds: ['top-pico', 'top-corn', 'top-onion'], portion: 0 },
        { stepIndex: 2, optionIds: ['top-cheese', 'top-jalapeno'], portion: 0 },
        // Jalapeños as a topping open the Jalapeños step: answered, so that nothing but the repeat is wrong.
        { stepIndex: 3, optionIds: ['jal-fresh'], portion: 0 },
      ]);
      // Refused for the rule this test names (each step once), not for a price or content mismatch.
      const error = await refused(draftOf(attack), 400);
      expect(error.message).toBe('Invalid configuration of burrito-classic-chicken: duplicate-step');
    });

    it('two rices in a single-choice step, by repeating the step or the option, are refused', async () => {
      const line = burrito();
      await refused(draftOf(withVariants(line, [...line.variantsSelected, { stepIndex: 0, optionIds: ['rice-lime'], portion: 0 }])), [400, 409]);
      await refused(
        draftOf(withVariants(line, [{ stepIndex: 0, optionIds: ['rice-mexican', 'rice-mexican'], portion: 0 }, line.variantsSelected[1]!])),
        [400, 409],
      );
    });

    it('counts beyond the maximum never reach the database (2,000,000 and 3,000,000 tacos)', async () => {
      for (const count of [100, 2_000_000, 3_000_000]) {
        const line = productLine(menu, { itemId: 'tacos-al-pastor', count: 1 });
        await refused(draftOf({ ...line, count, itemTotal: line.itemTotal * count }), 400);
      }
    });

    it('at most 50 lines per order (MAX_ORDER_LINES): 51 lines are refused with the limit named, 800 by the contract', async () => {
      const lines = (n: number) => Array.from({ length: n }, () => productLine(menu, { itemId: 'tacos-al-pastor' }));
      const error = await refused(draftOf(...lines(51)), 400);
      expect(error.userMessage).toBe('Bitte bestelle höchstens 50 verschiedene Artikel auf einmal.');
      await refused(draftOf(...lines(800)), 400);
    });

    it('unikat comes from the menu: the Resteretter-Tüte twice is refused although the client says it is not unikat', async () => {
      const tuete = { ...productLine(menu, { itemId: 'resteretter-tuete' }), unikat: false };
      const error = await refused(draftOf(tuete, { ...tuete, cartItemId: 'ci-second' }), [400, 409]);
      expect(error.userMessage).toContain('Resteretter-Tüte');
    });

    it("item flags are the menu's: an in-house-only plate cannot be ordered for takeaway", async () => {
      const plate = menu.flatMap((c) => c.items).find((i) => i.inhouseOnly);
      expect(plate).toBeDefined();
      await refused(draftOf(productLine(menu, { itemId: plate!.id })), [400, 409]);
    });
  });

  describe('every rule of every usecase on the server', () => {
    it('digital is for tickets only: food in a digital order is refused', async () => {
      const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 3 }], { usecase: 'digital', onlinePay: true, psp: undefined });
      const error = await refused(draft, [400, 409]);
      expect(error.userMessage).toBe(de.menu.ticketMix);
    });

    it('delivery needs an address, in the allowed postcodes, and online payment unless paying at the door is switched on', async () => {
      const base = { usecase: 'delivery' as const, onlinePay: true, psp: undefined };
      const lines = [{ itemId: 'tacos-al-pastor', count: 4 }];
      await refused(takeawayDraft(menu, lines, base), 400);
      const outside = { company: '', street: 'Mönckebergstraße 1', plz: '20000', city: 'Hamburg' };
      const error = await refused(takeawayDraft(menu, lines, { ...base, invoiceAddress: outside, deliveryAddress: outside }), 400);
      expect(error.userMessage).toBe(de.checkout.plzNotDeliverable);
      const inside = { company: '', street: 'Steindamm 1', plz: '20099', city: 'Hamburg' };
      const atDoor = await refused(
        takeawayDraft(menu, lines, { ...base, onlinePay: false, psp: 'bar', invoiceAddress: inside, deliveryAddress: inside }),
        [400, 409],
      );
      expect(atDoor.userMessage).toBe(de.cart.flowDisabled);
    });

    it('an order paid on site needs the human check, also when psp is left out', async () => {
      const { psp: _psp, ...withoutPsp } = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 2 }]);
      const before = await countOrders();
      const res = await save(withoutPsp, { solveCaptcha: false });
      // The checkout reacts to the flag: it fetches a new challenge and solves it again.
      expect(res.status).toBe(409);
      expect(res.body.captchaError).toBe(true);
      expect(await countOrders()).toBe(before);
    });

    it('server-owned fields cannot be set by the client: unknown fields refused, storno/sentToPos/paymentAuth never stored', async () => {
      await refused({ ...takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 2 }]), captured: true }, 400);
      const res = await save({
        ...takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 2 }]),
        storno: true,
        sentToPos: true,
        directPay: true,
        paymentAuth: { provider: 'test', ref: 'pi_fake', amount: '1' },
      });
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      const saved = res.body.order as SavedOrder & Record<string, unknown>;
      const [row] = await t.api.database.db.select().from(orders).where(eq(orders.uniqueOrderId, saved.uniqueOrderId));
      const stored = row!.data as SavedOrder & Record<string, unknown>;
      expect(stored.paymentAuth).toBeUndefined();
      expect(stored.storno).not.toBe(true);
      expect(stored.sentToPos).not.toBe(true);
      expect(stored.directPay).not.toBe(true);
    });
  });

  describe('bounded input', () => {
    it('a NUL, a control character or a lone surrogate in any text is a 400 with a German message, never a 500', async () => {
      const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 2 }]);
      const hostile = ['Erika\u0000', 'Erika\u0007Muster', 'Erika \uD800 Mustermann', 'Erika \uDC00'];
      for (const name of hostile) {
        for (const order of [
          { ...draft, userInfo: { ...draft.userInfo, name } },
          { ...draft, note: name },
          { ...draft, orderData: draft.orderData.map((l) => ({ ...l, notes: name })) },
        ]) {
          const error = await refused(order, 400);
          expect(error.userMessage).toBe(de.shell.invalidCharacters);
        }
      }
      const waiter = await t.call('Kellnerruf', { table: '1\u0000', filialnummer: 1 } as never);
      expect(waiter.status).toBe(400);
    });

    it('strings have lengths: a 200,000-character name or note is refused', async () => {
      const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 2 }]);
      const long = 'a'.repeat(200_000);
      await refused({ ...draft, userInfo: { ...draft.userInfo, name: long } }, [400, 413]);
      await refused({ ...draft, note: long }, [400, 413]);
    });

    it('deeply nested JSON is refused before it is looked at', async () => {
      let nested: unknown = 'x';
      for (let i = 0; i < 200; i++) nested = { a: nested };
      const res = await t.post({
        action: 'SaveNewOrder',
        payload: { order: nested },
        channel: 'on-the-go',
        browserId: TEST_BROWSER_ID,
        secToken: '',
        timeout: 1,
      });
      expect(res.status).toBe(400);
    });
  });

  describe('headers and defaults', () => {
    it('every answer carries a CSP that forbids framing, nosniff and a referrer policy', async () => {
      for (const url of ['/', '/Bestellboard', '/deploy/descriptor.json']) {
        const res = await t.api.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
        const csp = res.headers['content-security-policy'] ?? '';
        expect(csp, url).toContain("frame-ancestors 'none'");
        expect(csp, url).toContain("default-src 'self'");
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['referrer-policy'], url).toBeTruthy();
      }
      const action = await t.api.app.inject({ method: 'POST', url: '/api/action', payload: {} });
      expect(action.headers['x-content-type-options']).toBe('nosniff');
    });

    it('development defaults: listens on 127.0.0.1, trusts no proxy headers', () => {
      const config = loadConfig({});
      expect(config.host).toBe('127.0.0.1');
      expect(config.trustProxy).toBe(false);
      expect(loadConfig({ HOST: '0.0.0.0', TRUST_PROXY: '10.0.0.1,10.0.0.2' })).toMatchObject({ host: '0.0.0.0', trustProxy: ['10.0.0.1', '10.0.0.2'] });
    });
  });
});
