import { and, eq } from 'drizzle-orm';
import { isAccountHolder } from '@shop/shared/domain/account-holder';
import { de } from '@shop/shared/i18n';
import { customerCards, paymentCustomers, payments as paymentsTable } from '../db/schema';
import { ApiError } from '../http/api-error';
import { issueCashCaptcha } from '../payments/cash-captcha';
import { customerCardsOf, setPrimaryCustomerCard } from '../payments/customer-card';
import { ProviderError } from '../payments/provider';
import { orderForCaller } from '../orders/access';
import { requirePayable } from '../orders/host-switches';
import { paymentDeps as depsOf, refreshPayment, startPayment } from '../payments/service';
import type { ActionContext, ActionHandler } from './context';

/**
 * Payment actions (requirements#checkout-calls). Provider failures become clear errors, never a 500. Only the
 * order's own payer (its browser or account) may pay it, and only with their own payment methods.
 */

async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProviderError) {
      if (error.status !== undefined && error.status >= 400 && error.status < 500) {
        throw new ApiError(400, 'bad_request', error.message, de.checkout.paymentProcessingError);
      }
      throw new ApiError(502, 'payment_failed', error.message, de.checkout.paymentProcessingError);
    }
    throw error;
  }
}

/**
 * Whose payment customer: an account holder, else this browser (guest token). An anonymous guest
 * session is a guest here (requirements#checkout-roles): its cards are never kept for it.
 */
function ownerKey(ctx: ActionContext): string {
  return ctx.user && isAccountHolder(ctx.user) ? ctx.user.uid : `guest:${ctx.browserId}`;
}

/** The card provider (Stripe, or the test provider); absent when this server takes no cards (404). */
function cardProvider(ctx: ActionContext) {
  const card = ctx.payments.card;
  if (!card) throw new ApiError(404, 'not_found', 'Card payments are not configured on this server', de.checkout.paymentMethodUnavailable);
  return card;
}

async function customerOf(ctx: ActionContext): Promise<string | null> {
  const provider = cardProvider(ctx).id;
  const rows = await ctx.db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.provider, provider), eq(paymentCustomers.ownerKey, ownerKey(ctx))));
  return rows[0]?.customerId ?? null;
}

async function requireOwnCustomer(ctx: ActionContext, customerId: string): Promise<void> {
  if ((await customerOf(ctx)) !== customerId) {
    throw new ApiError(403, 'forbidden', `Payment customer ${customerId} does not belong to this buyer`, de.checkout.unexpectedError);
  }
}

function requireTestMode(ctx: ActionContext) {
  const p = ctx.payments;
  if (!p.testCard && !p.testPaypal) throw new ApiError(404, 'not_found', 'The offline test provider is not active (live payment keys are configured)');
  return p;
}

/**
 * Saved cards are for customers with an account (requirements#checkout-roles), not for guests and not for an
 * anonymous guest session. A guest's card is attached for the payment in progress only: the profile
 * never lists a guest's cards, so the next person using the same browser is not offered them.
 */
const GetStripeBuyersProfile: ActionHandler<'GetStripeBuyersProfile'> = async (_payload, ctx) =>
  guarded(async () => {
    const p = ctx.payments;
    if (!isAccountHolder(ctx.user) || !p.card) return { stripeCustomerId: null, paymentMethods: [], mode: p.mode };
    const customerId = await customerOf(ctx);
    return { stripeCustomerId: customerId, paymentMethods: customerId ? await p.card.listCards(customerId) : [], mode: p.mode };
  });

const CreateStripeBuyer: ActionHandler<'CreateStripeBuyer'> = async (payload, ctx) =>
  guarded(async () => {
    if (payload.fuid && payload.fuid !== ctx.user?.uid) throw new ApiError(403, 'forbidden', 'fuid does not match the signed-in user');
    const existing = await customerOf(ctx);
    if (existing) return { stripeCustomerId: existing };
    const card = cardProvider(ctx);
    const key = ownerKey(ctx);
    const { customerId } = await card.createCustomer({ email: payload.email, ownerKey: key });
    await ctx.db
      .insert(paymentCustomers)
      .values({ customerId, provider: card.id, ownerKey: key, email: payload.email, createdAt: ctx.now() })
      .onConflictDoNothing();
    // A parallel request may have won: everybody uses the stored one.
    return { stripeCustomerId: (await customerOf(ctx)) ?? customerId };
  });

const AttachPaymentMethodToStripe: ActionHandler<'AttachPaymentMethodToStripe'> = async (payload, ctx) =>
  guarded(async () => {
    await requireOwnCustomer(ctx, payload.stripeCustomerId);
    const card = await cardProvider(ctx).attachCard(
      payload.stripeCustomerId,
      payload.paymentMethodId,
      payload.testCardExpiry ? { testCardExpiry: payload.testCardExpiry } : {},
    );
    return { paymentMethod: card };
  });

const DetachStripeMethod: ActionHandler<'DetachStripeMethod'> = async (payload, ctx) =>
  guarded(async () => {
    if (payload.fuid && payload.fuid !== ctx.user?.uid) throw new ApiError(403, 'forbidden', 'fuid does not match the signed-in user');
    await requireOwnCustomer(ctx, payload.stripeCustomerId);
    await cardProvider(ctx).detachCard(payload.stripeCustomerId, payload.paymentMethodId);
    return {};
  });

const StripeCreatePaymentIntent: ActionHandler<'StripeCreatePaymentIntent'> = async (payload, ctx) =>
  guarded(async () => {
    const order = await orderForCaller(ctx, payload.order.uniqueOrderId);
    await requirePayable(ctx, order.data, payload.method);
    if (payload.stripeCustomerId) await requireOwnCustomer(ctx, payload.stripeCustomerId);
    const { result } = await startPayment(depsOf(ctx), {
      uniqueOrderId: payload.order.uniqueOrderId,
      method: payload.method,
      amount: payload.amount,
      paymentMethodId: payload.paymentMethodId,
      ...(payload.stripeCustomerId ? { customerId: payload.stripeCustomerId } : {}),
    });
    if (result.state === 'declined') {
      throw new ApiError(402, 'payment_declined', result.declineMessage ?? 'The card was declined', de.checkout.paymentDeclined);
    }
    return {
      paymentIntentId: result.ref,
      clientSecret: result.clientSecret ?? '',
      // The checkout reads requires_action, requires_capture or anything else ('Unbekannter Status').
      status: result.state === 'authorized' ? 'requires_capture' : result.state === 'requires_action' ? 'requires_action' : result.providerStatus,
      paymentMethodId: result.paymentMethodId ?? payload.paymentMethodId,
    };
  });

const TestConfirmCardAction: ActionHandler<'TestConfirmCardAction'> = async (payload, ctx) =>
  guarded(async () => {
    const p = requireTestMode(ctx);
    if (!p.testCard) throw new ApiError(404, 'not_found', 'The card provider is live');
    const result = await p.testCard.completeAction(payload.paymentIntentId, payload.approve);
    const rows = await ctx.db
      .select()
      .from(paymentsTable)
      .where(and(eq(paymentsTable.provider, 'test'), eq(paymentsTable.providerRef, payload.paymentIntentId)));
    if (rows[0]) {
      try {
        await refreshPayment(depsOf(ctx), rows[0]);
      } catch (error) {
        // A declined 3-D Secure step is an answer, not a failure of this call.
        if (!(error instanceof ApiError) || error.status !== 402) throw error;
      }
    }
    return { status: result.providerStatus };
  });

const CreatePayPalOrder: ActionHandler<'CreatePayPalOrder'> = async (payload, ctx) =>
  guarded(async () => {
    const order = await orderForCaller(ctx, payload.order.uniqueOrderId);
    await requirePayable(ctx, order.data, 'paypal');
    const { result, reused } = await startPayment(depsOf(ctx), { uniqueOrderId: payload.order.uniqueOrderId, method: 'paypal' });
    if (result.state === 'declined' || !result.ref) throw new ApiError(402, 'payment_declined', 'PayPal refused the order', de.checkout.paypalAuthFailed);
    return { data: { paypalOrderId: result.ref }, ...(reused ? { noLock: true } : {}) };
  });

const TestApprovePayPalOrder: ActionHandler<'TestApprovePayPalOrder'> = async (payload, ctx) =>
  guarded(async () => {
    const p = requireTestMode(ctx);
    if (!p.testPaypal) throw new ApiError(404, 'not_found', 'PayPal is live');
    const result = await p.testPaypal.approve(payload.paypalOrderId, payload.approve);
    return { status: result.providerStatus };
  });

const AuthorizePayPalOrder: ActionHandler<'AuthorizePayPalOrder'> = async (payload, ctx) =>
  guarded(async () => {
    const order = await orderForCaller(ctx, payload.order.uniqueOrderId);
    await requirePayable(ctx, order.data, 'paypal');
    const rows = await ctx.db
      .select()
      .from(paymentsTable)
      .where(
        and(
          eq(paymentsTable.uniqueOrderId, payload.order.uniqueOrderId),
          eq(paymentsTable.providerRef, payload.paypalOrderId),
          eq(paymentsTable.method, 'paypal'),
        ),
      );
    const row = rows[0];
    if (!row)
      throw new ApiError(
        404,
        'not_found',
        `PayPal order ${payload.paypalOrderId} does not belong to order ${payload.order.uniqueOrderId}`,
        de.checkout.paypalAuthFailed,
      );
    const already = row.status === 'authorized' || row.status === 'captured';
    const updated = await refreshPayment(depsOf(ctx), row);
    return {
      paypalOrderId: payload.paypalOrderId,
      paypalAuthId: updated.authRef ?? '',
      status: updated.providerStatus ?? updated.status,
      ...(already ? { noLock: true } : {}),
    };
  });

const GetCustomerCards: ActionHandler<'GetCustomerCards'> = async (_payload, ctx) => {
  if (!ctx.user) throw new ApiError(401, 'unauthenticated', 'Customer cards need a signed-in user');
  return customerCardsOf(ctx.db, ctx.user.uid);
};

const SetPrimaryCustomerCard: ActionHandler<'SetPrimaryCustomerCard'> = async ({ rfid }, ctx) => {
  if (!ctx.user) throw new ApiError(401, 'unauthenticated', 'Customer cards need a signed-in user');
  if (!(await setPrimaryCustomerCard(ctx.db, ctx.user.uid, rfid))) throw new ApiError(403, 'forbidden', `Card ${rfid} does not belong to this user`);
  return customerCardsOf(ctx.db, ctx.user.uid);
};

const CustomerCardAuthorize: ActionHandler<'CustomerCardAuthorize'> = async (payload, ctx) =>
  guarded(async () => {
    if (!ctx.user) throw new ApiError(401, 'unauthenticated', 'Customer cards need a signed-in user');
    const card = await ctx.db.select().from(customerCards).where(eq(customerCards.rfid, payload.rfid));
    if (card[0]?.fuid !== ctx.user.uid) throw new ApiError(403, 'forbidden', `Card ${payload.rfid} does not belong to this user`);
    const order = await orderForCaller(ctx, payload.order.uniqueOrderId);
    await requirePayable(ctx, order.data, 'customerCard');
    const { result } = await startPayment(depsOf(ctx), { uniqueOrderId: payload.order.uniqueOrderId, method: 'customerCard', rfid: payload.rfid });
    if (result.state === 'declined') throw new ApiError(402, 'payment_declined', 'Balance not sufficient', de.checkout.customerCardInsufficient);
    const { cards } = await customerCardsOf(ctx.db, ctx.user.uid);
    const balance = cards.find((c) => c.rfid === payload.rfid)?.accounts.find((a) => a.accountType === 'CRED')?.balance ?? 0;
    return { holdId: result.ref, balance };
  });

const GetCashCaptcha: ActionHandler<'GetCashCaptcha'> = async (_payload, ctx) => {
  const { challenge } = await issueCashCaptcha(ctx.db, ctx.now());
  return { challenge: { ...challenge, parameters: { ...challenge.parameters } } };
};

export const paymentsHandlers = {
  SetPrimaryCustomerCard,
  GetStripeBuyersProfile,
  CreateStripeBuyer,
  AttachPaymentMethodToStripe,
  DetachStripeMethod,
  StripeCreatePaymentIntent,
  TestConfirmCardAction,
  CreatePayPalOrder,
  TestApprovePayPalOrder,
  AuthorizePayPalOrder,
  GetCustomerCards,
  CustomerCardAuthorize,
  GetCashCaptcha,
};
