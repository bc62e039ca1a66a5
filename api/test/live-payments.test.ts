// requirements#operating-rules: only real payments. Each method is live (its keys configured) or absent; the
// offline test provider runs only when no provider has keys and never in production; one
// authorization per order when five requests complete a PayPal payment at once.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppConfig, Menu, OrderDraftInput, ResolvedDescriptor, SavedOrder } from '@shop/shared/contract';
import { loadConfig, REPO_ROOT } from '../src/config';
import { mailOutbox, payments, paymentTestObjects } from '../src/db/schema';
import { assertPaymentConfig, describePayments, livePaymentMethods, paymentMethodsOf } from '../src/payments/registry';
import { testDatabases } from './support/databases';
import { onlineTakeawayDraft } from './support/orders';
import { startPaypalFake, type PaypalFake } from './support/paypal-fake';
import { STAFF_TOKEN, testVerifier } from './support/staff';
import { startStripeFake, type StripeFake } from './support/stripe-fake';
import { startTestApi, type TestApi } from './support/test-api';

const UNAVAILABLE = 'Diese Zahlungsmethode ist zur Zeit nicht verfügbar. Bitte wähle eine andere.';

async function descriptorOf(t: TestApi): Promise<ResolvedDescriptor> {
  return (await t.api.app.inject({ method: 'GET', url: '/deploy/descriptor.json', headers: { host: 'localhost' } })).json<ResolvedDescriptor>();
}

async function onlineOrder(t: TestApi, browserId?: string): Promise<SavedOrder> {
  const menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
  const config = (await t.call('GetAppconfig', {})).body.appconfig as AppConfig;
  const draft: OrderDraftInput = onlineTakeawayDraft(menu, config, [{ itemId: 'tacos-al-pastor', count: 2 }]);
  const res = await t.call('SaveNewOrder', { order: draft }, browserId ? { browserId } : {});
  expect(res.status, JSON.stringify(res.body.error)).toBe(200);
  return res.body.order as SavedOrder;
}

describe('which payment methods a configuration has', () => {
  it('test mode only without any keys; live as soon as one provider has keys, with exactly its methods', () => {
    expect(paymentMethodsOf({ stripeSecretKey: undefined, paypalClientId: undefined, paypalClientSecret: undefined }).mode).toBe('test');
    expect(livePaymentMethods({ stripeSecretKey: undefined, paypalClientId: undefined, paypalClientSecret: undefined })).toEqual([]);
    expect(livePaymentMethods({ stripeSecretKey: 'sk_live_x', paypalClientId: undefined, paypalClientSecret: undefined })).toEqual([
      'card',
      'wallet',
      'customerCard',
    ]);
    expect(livePaymentMethods({ stripeSecretKey: undefined, paypalClientId: 'id', paypalClientSecret: 'secret' })).toEqual(['paypal', 'customerCard']);
    // Half a PayPal configuration is no PayPal.
    expect(livePaymentMethods({ stripeSecretKey: 'sk_live_x', paypalClientId: 'id', paypalClientSecret: undefined })).not.toContain('paypal');
    expect(describePayments({ stripeSecretKey: 'sk_live_x', paypalClientId: undefined, paypalClientSecret: undefined })).toBe(
      'payments: live — card, wallet, customerCard',
    );
    expect(describePayments({ stripeSecretKey: undefined, paypalClientId: undefined, paypalClientSecret: undefined })).toMatch(/TEST MODE/);
  });

  it('production without any payment keys is refused with a clear message', () => {
    const none = { stripeSecretKey: undefined, paypalClientId: undefined, paypalClientSecret: undefined };
    expect(() => assertPaymentConfig({ ...none, production: true })).toThrow(/NODE_ENV=production without any payment keys/);
    expect(() => assertPaymentConfig({ ...none, stripeSecretKey: 'sk_live_x', production: true })).not.toThrow();
    expect(() => assertPaymentConfig({ ...none, production: false })).not.toThrow();
  });

  it('the API process does not start in production without payment keys, and says why', async () => {
    // A real Firebase project (production refuses the emulator and demo projects first), but no payment keys.
    const unset = new Set(['STRIPE_SECRET_KEY', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'SHOP_TEST_NOW', 'FIREBASE_AUTH_EMULATOR_HOST']);
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !unset.has(key))),
      NODE_ENV: 'production',
      PORT: '0',
      PGLITE_DIR: 'memory://',
      CHECK_RELEASES: 'off',
      FIREBASE_PROJECT_ID: 'streetfood-hamburg',
    } as NodeJS.ProcessEnv;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'main.ts')], { cwd: REPO_ROOT, env, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (c) => (output += String(c)));
    child.stderr.on('data', (c) => (output += String(c)));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/could not start/);
    expect(output).toMatch(/NODE_ENV=production without any payment keys/);
  }, 60_000);
});

describe.each(testDatabases())('live payments on $name', (database) => {
  describe('Stripe keys without PayPal keys', () => {
    let stripe: StripeFake;
    let t: TestApi;

    beforeAll(async () => {
      stripe = await startStripeFake();
      t = await startTestApi(await database.open(), {
        verifier: testVerifier,
        env: { STRIPE_SECRET_KEY: 'sk_test_shop', STRIPE_PUBLISHABLE_KEY: 'pk_test_shop', STRIPE_API_BASE: stripe.url },
      });
    });
    afterAll(async () => {
      await t?.close();
      await stripe?.close();
    });

    it('the descriptor offers the card live and no PayPal', async () => {
      expect((await descriptorOf(t)).payments).toEqual({ mode: 'live', stripePublishableKey: 'pk_test_shop' });
      expect((await t.call('GetStripeBuyersProfile', {}, { token: 'user:live-anna' })).body).toMatchObject({ mode: 'live' });
    });

    it('every PayPal action answers 404 with a German text; every test action 404', async () => {
      const order = await onlineOrder(t);
      const create = await t.call('CreatePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, negativeTest: false });
      expect(create.status).toBe(404);
      expect(create.body.error).toMatchObject({ userMessage: UNAVAILABLE });
      const authorize = await t.call('AuthorizePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, paypalOrderId: 'TESTPP-0000000000000000' });
      expect(authorize.status).toBe(404);
      expect((await t.call('TestApprovePayPalOrder', { paypalOrderId: 'TESTPP-0000000000000000', approve: true })).status).toBe(404);
      expect((await t.call('TestConfirmCardAction', { paymentIntentId: 'pi_test_0000', approve: true })).status).toBe(404);
      // Nothing was paid, nothing placed: the order still waits for a real payment.
      expect(await t.api.database.db.select().from(payments).where(eq(payments.uniqueOrderId, order.uniqueOrderId))).toEqual([]);
      expect(await t.api.database.db.select().from(paymentTestObjects)).toEqual([]);
    });
  });

  describe('PayPal keys without Stripe keys', () => {
    let paypal: PaypalFake;
    let t: TestApi;

    beforeAll(async () => {
      paypal = await startPaypalFake();
      t = await startTestApi(await database.open(), {
        verifier: testVerifier,
        env: { PAYPAL_CLIENT_ID: 'client-id', PAYPAL_CLIENT_SECRET: 'client-secret', PAYPAL_API_BASE: paypal.url },
      });
    });
    afterAll(async () => {
      await t?.close();
      await paypal?.close();
    });

    it('the card is absent: descriptor, card actions and test actions', async () => {
      expect((await descriptorOf(t)).payments).toEqual({ mode: 'live', paypalClientId: 'client-id' });
      const order = await onlineOrder(t);
      const intent = await t.call('StripeCreatePaymentIntent', {
        amount: order.total,
        paymentMethodId: 'pm_card_visa',
        order: { uniqueOrderId: order.uniqueOrderId },
      });
      expect(intent.status).toBe(404);
      expect(intent.body.error).toMatchObject({ userMessage: UNAVAILABLE });
      expect((await t.call('CreateStripeBuyer', { fuid: null, email: 'anna@example.org' })).status).toBe(404);
      expect((await t.call('TestConfirmCardAction', { paymentIntentId: 'pi_test_0000', approve: true })).status).toBe(404);
      expect((await t.call('TestApprovePayPalOrder', { paypalOrderId: 'TESTPP-0000000000000000', approve: true })).status).toBe(404);
      // PayPal itself is live.
      expect((await t.call('CreatePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, negativeTest: false })).status).toBe(200);
    });
  });

  describe('the offline test provider (no keys at all)', () => {
    let t: TestApi;

    beforeAll(async () => {
      t = await startTestApi(await database.open(), { verifier: testVerifier });
    });
    afterAll(async () => t?.close());

    it('is test mode in the descriptor', async () => {
      expect((await descriptorOf(t)).payments).toEqual({ mode: 'test' });
      expect(loadConfig({}).stripeSecretKey).toBeUndefined();
    });

    it('five concurrent AuthorizePayPalOrder give one authorization; five concurrent marks place the order once, with one confirmation', async () => {
      const browserId = 'paypal-race-0000-0000-0000-000000000001';
      const order = await onlineOrder(t, browserId);
      const created = await t.call('CreatePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, negativeTest: false }, { browserId });
      const paypalOrderId = (created.body.data as { paypalOrderId: string }).paypalOrderId;
      expect((await t.call('TestApprovePayPalOrder', { paypalOrderId, approve: true }, { browserId })).status).toBe(200);

      // The provider answers slowly (as PayPal may): all five requests arrive while the first one waits.
      const paypal = t.api.payments.paypal!;
      const confirm = paypal.confirm.bind(paypal);
      let asked = 0;
      const slow = vi.spyOn(paypal, 'confirm').mockImplementation(async (...args) => {
        asked++;
        await new Promise((r) => setTimeout(r, 400));
        return confirm(...args);
      });
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => t.call('AuthorizePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, paypalOrderId }, { browserId })),
      ).finally(() => slow.mockRestore());
      expect(asked).toBe(1);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      const authIds = new Set(answers.map((a) => a.body.paypalAuthId));
      expect(authIds.size).toBe(1);
      const [authId] = [...authIds];
      expect(authId).toMatch(/^TESTAUTH-/);
      const [row] = await t.api.database.db.select().from(payments).where(eq(payments.uniqueOrderId, order.uniqueOrderId));
      expect(row!.history.filter((h) => h.status === 'authorized')).toHaveLength(1);
      expect(row!.authRef).toBe(authId);
      const [provider] = await t.api.database.db.select().from(paymentTestObjects).where(eq(paymentTestObjects.id, paypalOrderId));
      expect(provider!.data).toMatchObject({ authId, status: 'COMPLETED' });

      const marks = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.call(
            'DocUpserter',
            { collectionName: 'orders', updates: { authCompleted: true, psp: 'paypal' }, subjectKey: { key: 'uniqueOrderId', value: order.uniqueOrderId } },
            { browserId },
          ),
        ),
      );
      expect(marks.map((m) => m.status)).toEqual([200, 200, 200, 200, 200]);
      const board = await t.call('LoadStaffOrders', {}, { token: STAFF_TOKEN });
      expect((board.body.orders as SavedOrder[]).filter((o) => o.uniqueOrderId === order.uniqueOrderId)).toHaveLength(1);
      const mails = await t.api.database.db.select().from(mailOutbox).where(eq(mailOutbox.uniqueOrderId, order.uniqueOrderId));
      expect(mails.map((m) => m.kind)).toEqual(['confirmation']);
    });
  });
});
