/**
 * The offline test provider: the default when no provider keys are configured (the UI marks it
 * as test mode). It behaves like the real providers so the whole checkout runs without network:
 *
 * - Cards: the browser's test card form turns Stripe's test card numbers into test payment
 *   method tokens (no card number reaches the server, like Stripe.js): `pm_card_visa` and
 *   `pm_card_mastercard` succeed, `pm_card_chargeDeclined` (4000 0000 0000 0002) and
 *   `pm_card_chargeDeclinedInsufficientFunds` decline, `pm_card_authenticationRequired`
 *   (4000 0027 6000 3184) asks for a 3-D Secure step. Intents use manual capture.
 * - PayPal: orders with intent AUTHORIZE that the buyer approves in a test dialog.
 *
 * Its state lives in the database (payment_test_objects), so it survives restarts and works
 * with several API instances.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { SavedCard } from '@shop/shared/contract';
import type { Db } from '../db/client';
import { paymentTestObjects } from '../db/schema';
import { ProviderError, cardLabel, type AuthResult, type AuthorizeRequest, type CardVault, type PaymentProvider } from './provider';

type Behaviour = 'succeed' | 'decline' | '3ds';

interface TestCard {
  readonly brand: string;
  readonly last4: string;
  readonly behaviour: Behaviour;
  readonly declineMessage?: string;
}

/** Stripe's test payment methods, by the token the browser's test form produces. */
export const TEST_CARD_TOKENS: Readonly<Record<string, TestCard>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: 'succeed' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behaviour: 'decline', declineMessage: 'Your card was declined.' },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', behaviour: 'decline', declineMessage: 'Your card has insufficient funds.' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', behaviour: '3ds' },
};

interface CardObject extends TestCard {
  readonly customerId: string;
  readonly exp: string;
  readonly token: string;
}

interface IntentObject {
  amount: number;
  status: 'requires_action' | 'requires_capture' | 'requires_payment_method' | 'succeeded' | 'canceled';
  customerId?: string;
  paymentMethodId: string;
  uniqueOrderId: string;
  clientSecret: string;
  captured: number;
  refunded?: number;
  declineMessage?: string;
}

interface PaypalOrderObject {
  amount: number;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  uniqueOrderId: string;
  authId?: string;
  authStatus?: 'CREATED' | 'CAPTURED' | 'VOIDED' | 'REFUNDED';
}

function randomId(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(12).toString('hex')}`;
}

function store(db: Db, now: () => number) {
  return {
    async get<T>(id: string, kind: string): Promise<T | null> {
      const rows = await db
        .select()
        .from(paymentTestObjects)
        .where(and(eq(paymentTestObjects.id, id), eq(paymentTestObjects.kind, kind)));
      return (rows[0]?.data as T | undefined) ?? null;
    },
    async put(id: string, kind: string, data: object): Promise<void> {
      const at = now();
      await db
        .insert(paymentTestObjects)
        .values({ id, kind, data: data as Record<string, unknown>, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: paymentTestObjects.id, set: { data: data as Record<string, unknown>, updatedAt: at } });
    },
    /** Claims an idempotency key: returns the object id stored under it first, or null when this call claimed it. */
    async claim(key: string, ref: string): Promise<string | null> {
      const at = now();
      const inserted = await db
        .insert(paymentTestObjects)
        .values({ id: `idem:${key}`, kind: 'idempotency', data: { ref }, createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return null;
      const existing = await this.get<{ ref: string }>(`idem:${key}`, 'idempotency');
      return existing?.ref ?? null;
    },
    async list<T>(kind: string): Promise<T[]> {
      const rows = await db.select().from(paymentTestObjects).where(eq(paymentTestObjects.kind, kind));
      return rows.map((r) => ({ id: r.id, ...(r.data as object) }) as T);
    },
  };
}

function intentResult(id: string, pi: IntentObject): AuthResult {
  const state =
    pi.status === 'requires_capture'
      ? 'authorized'
      : pi.status === 'requires_action'
        ? 'requires_action'
        : pi.status === 'succeeded'
          ? pi.refunded
            ? 'refunded'
            : 'captured'
          : pi.status === 'canceled'
            ? 'voided'
            : 'declined';
  return {
    ref: id,
    state,
    providerStatus: pi.status,
    amount: pi.amount,
    clientSecret: pi.clientSecret,
    uniqueOrderId: pi.uniqueOrderId,
    paymentMethodId: pi.paymentMethodId,
    ...(pi.customerId ? { customerId: pi.customerId } : {}),
    ...(pi.declineMessage ? { declineMessage: pi.declineMessage } : {}),
  };
}

export type TestCardProvider = PaymentProvider &
  CardVault & {
    /** The simulated 3-D Secure result of an intent (what the issuer answers in live mode). */
    completeAction(ref: string, approve: boolean): Promise<AuthResult>;
  };

export function createTestCardProvider(db: Db, now: () => number = Date.now): TestCardProvider {
  const objects = store(db, now);

  async function cardOf(paymentMethodId: string): Promise<CardObject | TestCard | null> {
    return TEST_CARD_TOKENS[paymentMethodId] ?? (await objects.get<CardObject>(paymentMethodId, 'card'));
  }

  async function intent(ref: string): Promise<IntentObject> {
    const pi = await objects.get<IntentObject>(ref, 'intent');
    if (!pi) throw new ProviderError('test', `No such payment intent: ${ref}`, 404);
    return pi;
  }

  return {
    id: 'test',

    async createCustomer({ email, ownerKey }) {
      const customerId = randomId('cus_test');
      await objects.put(customerId, 'customer', { email, ownerKey });
      return { customerId };
    },

    async attachCard(customerId, paymentMethodId, options = {}): Promise<SavedCard> {
      if (!(await objects.get(customerId, 'customer'))) throw new ProviderError('test', `No such customer: ${customerId}`, 404);
      const card = TEST_CARD_TOKENS[paymentMethodId];
      if (!card) throw new ProviderError('test', `Unknown test card token ${paymentMethodId}`, 400);
      const id = randomId('pm_test');
      const exp = options.testCardExpiry ?? '12/34';
      await objects.put(id, 'card', { ...card, customerId, exp, token: paymentMethodId } satisfies CardObject);
      return { paymentMethodId: id, label: cardLabel(card.brand, card.last4), exp };
    },

    async detachCard(customerId, paymentMethodId) {
      const card = await objects.get<CardObject>(paymentMethodId, 'card');
      if (!card || card.customerId !== customerId) throw new ProviderError('test', `No such payment method: ${paymentMethodId}`, 404);
      await db.delete(paymentTestObjects).where(eq(paymentTestObjects.id, paymentMethodId));
    },

    async deleteCustomer(customerId) {
      for (const card of await objects.list<CardObject & { id: string }>('card')) {
        if (card.customerId === customerId) await db.delete(paymentTestObjects).where(eq(paymentTestObjects.id, card.id));
      }
      await db.delete(paymentTestObjects).where(and(eq(paymentTestObjects.id, customerId), eq(paymentTestObjects.kind, 'customer')));
    },

    async listCards(customerId) {
      const cards = await objects.list<CardObject & { id: string }>('card');
      return cards.filter((c) => c.customerId === customerId).map((c) => ({ paymentMethodId: c.id, label: cardLabel(c.brand, c.last4), exp: c.exp }));
    },

    async authorize(request: AuthorizeRequest) {
      if (!request.paymentMethodId) throw new ProviderError('test', 'a payment method is required', 400);
      const card = await cardOf(request.paymentMethodId);
      if (!card) throw new ProviderError('test', `No such payment method: ${request.paymentMethodId}`, 404);
      // A saved card belongs to its customer: only that customer's payments may use it (as at Stripe).
      if ('customerId' in card && card.customerId !== request.customerId) {
        throw new ProviderError('test', 'The payment method belongs to another customer', 400);
      }
      const ref = randomId('pi_test');
      const earlier = await objects.claim(request.idempotencyKey, ref);
      if (earlier) return intentResult(earlier, await intent(earlier));
      const pi: IntentObject = {
        amount: request.amount,
        status: card.behaviour === 'succeed' ? 'requires_capture' : card.behaviour === '3ds' ? 'requires_action' : 'requires_payment_method',
        paymentMethodId: request.paymentMethodId,
        uniqueOrderId: request.uniqueOrderId,
        clientSecret: `${ref}_secret_${crypto.randomBytes(8).toString('hex')}`,
        captured: 0,
        ...(request.customerId ? { customerId: request.customerId } : {}),
        ...(card.behaviour === 'decline' ? { declineMessage: card.declineMessage ?? 'Your card was declined.' } : {}),
      };
      await objects.put(ref, 'intent', pi);
      return intentResult(ref, pi);
    },

    async completeAction(ref, approve) {
      const pi = await intent(ref);
      if (pi.status !== 'requires_action') return intentResult(ref, pi);
      const next: IntentObject = approve
        ? { ...pi, status: 'requires_capture' }
        : { ...pi, status: 'requires_payment_method', declineMessage: 'The customer did not complete 3-D Secure.' };
      await objects.put(ref, 'intent', next);
      return intentResult(ref, next);
    },

    async confirm(ref) {
      return intentResult(ref, await intent(ref));
    },

    async capture(ref, amount) {
      const pi = await intent(ref);
      if (pi.status !== 'requires_capture') throw new ProviderError('test', `Intent ${ref} cannot be captured in status ${pi.status}`, 400);
      if (amount > pi.amount) throw new ProviderError('test', `Cannot capture ${amount}, only ${pi.amount} is authorized`, 400);
      const next: IntentObject = { ...pi, status: 'succeeded', captured: amount };
      await objects.put(ref, 'intent', next);
      return intentResult(ref, next);
    },

    async void(ref) {
      const pi = await intent(ref);
      if (pi.status === 'succeeded') throw new ProviderError('test', `Intent ${ref} is already captured`, 400);
      const next: IntentObject = { ...pi, status: 'canceled' };
      await objects.put(ref, 'intent', next);
      return intentResult(ref, next);
    },

    async refund(ref, amount) {
      const pi = await intent(ref);
      if (pi.status !== 'succeeded') throw new ProviderError('test', `Intent ${ref} is not captured (${pi.status})`, 400);
      if (pi.refunded) return intentResult(ref, pi);
      if (amount > pi.captured) throw new ProviderError('test', `Cannot refund ${amount}, only ${pi.captured} was captured`, 400);
      const next: IntentObject = { ...pi, refunded: amount };
      await objects.put(ref, 'intent', next);
      return intentResult(ref, next);
    },
  };
}

export type TestPaypalProvider = PaymentProvider & {
  /** The buyer approves (or cancels) the order in the test dialog. */
  approve(ref: string, approve: boolean): Promise<AuthResult>;
};

function paypalResult(id: string, o: PaypalOrderObject): AuthResult {
  const state =
    o.authStatus === 'REFUNDED'
      ? 'refunded'
      : o.authStatus === 'CAPTURED'
        ? 'captured'
        : o.authStatus === 'VOIDED' || o.status === 'VOIDED'
          ? 'voided'
          : o.status === 'COMPLETED' && o.authStatus === 'CREATED'
            ? 'authorized'
            : 'requires_action';
  return {
    ref: id,
    state,
    providerStatus: o.authStatus ?? o.status,
    amount: o.amount,
    uniqueOrderId: o.uniqueOrderId,
    ...(o.authId ? { authRef: o.authId } : {}),
  };
}

export function createTestPaypalProvider(db: Db, now: () => number = Date.now): TestPaypalProvider {
  const objects = store(db, now);
  async function order(ref: string): Promise<PaypalOrderObject> {
    const o = await objects.get<PaypalOrderObject>(ref, 'paypalOrder');
    if (!o) throw new ProviderError('test', `No such PayPal order: ${ref}`, 404);
    return o;
  }
  return {
    id: 'test',
    async authorize(request) {
      const ref = `TESTPP-${crypto.randomBytes(8).toString('hex').toUpperCase()}`;
      const earlier = await objects.claim(request.idempotencyKey, ref);
      if (earlier) return paypalResult(earlier, await order(earlier));
      const o: PaypalOrderObject = { amount: request.amount, status: 'CREATED', uniqueOrderId: request.uniqueOrderId };
      await objects.put(ref, 'paypalOrder', o);
      return paypalResult(ref, o);
    },
    async approve(ref, approve) {
      const o = await order(ref);
      if (o.status !== 'CREATED') return paypalResult(ref, o);
      const next: PaypalOrderObject = { ...o, status: approve ? 'APPROVED' : 'VOIDED' };
      await objects.put(ref, 'paypalOrder', next);
      return paypalResult(ref, next);
    },
    async confirm(ref) {
      const o = await order(ref);
      if (o.status === 'APPROVED') {
        const next: PaypalOrderObject = {
          ...o,
          status: 'COMPLETED',
          authId: `TESTAUTH-${crypto.randomBytes(8).toString('hex').toUpperCase()}`,
          authStatus: 'CREATED',
        };
        await objects.put(ref, 'paypalOrder', next);
        return paypalResult(ref, next);
      }
      if (o.status === 'CREATED') return { ...paypalResult(ref, o), declineMessage: 'The buyer has not approved the order yet.' };
      return paypalResult(ref, o);
    },
    async capture(ref, amount) {
      const o = await order(ref);
      if (o.authStatus !== 'CREATED') throw new ProviderError('test', `PayPal order ${ref} has no open authorization`, 400);
      if (amount > o.amount) throw new ProviderError('test', `Cannot capture ${amount}, only ${o.amount} is authorized`, 400);
      const next: PaypalOrderObject = { ...o, authStatus: 'CAPTURED' };
      await objects.put(ref, 'paypalOrder', next);
      return paypalResult(ref, next);
    },
    async void(ref) {
      const o = await order(ref);
      if (o.authStatus === 'CAPTURED') throw new ProviderError('test', `PayPal order ${ref} is already captured`, 400);
      const next: PaypalOrderObject = { ...o, status: o.status === 'COMPLETED' ? 'COMPLETED' : 'VOIDED', authStatus: 'VOIDED' };
      await objects.put(ref, 'paypalOrder', next);
      return paypalResult(ref, next);
    },
    async refund(ref) {
      const o = await order(ref);
      if (o.authStatus === 'REFUNDED') return paypalResult(ref, o);
      if (o.authStatus !== 'CAPTURED') throw new ProviderError('test', `PayPal order ${ref} is not captured`, 400);
      const next: PaypalOrderObject = { ...o, authStatus: 'REFUNDED' };
      await objects.put(ref, 'paypalOrder', next);
      return paypalResult(ref, next);
    },
  };
}
