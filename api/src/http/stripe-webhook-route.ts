import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { paymentEvents, type PaymentStatus } from '../db/schema';
import { applyProviderEvent } from '../payments/service';
import { stateOfIntent } from '../payments/stripe-provider';

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

export interface WebhookDeps {
  readonly now: () => number;
}

const STATUS_OF_EVENT: Record<string, PaymentStatus | undefined> = {
  'payment_intent.amount_capturable_updated': 'authorized',
  'payment_intent.payment_failed': 'declined',
  'payment_intent.canceled': 'voided',
  'payment_intent.succeeded': 'captured',
  'payment_intent.requires_action': 'requires_action',
};

/**
 * POST /api/webhooks/stripe (with the instance's payments, api/src/plugins/payments.ts): the
 * Stripe-Signature header is verified with STRIPE_WEBHOOK_SECRET on the raw body (a wrong or
 * missing signature is refused with 400); each event id is applied once (payment_events).
 */
export function registerStripeWebhookRoute(app: FastifyInstance, deps: WebhookDeps): void {
  // The instance's database, events and payments, from its plugins (api/src/plugins).
  const { payments, events } = app;
  const db = app.database.db;

  void app.register(async (scope) => {
    // The signature covers the exact bytes: keep the body raw in this route only.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_PATH, async (request, reply) => {
      if (!payments.stripe || !payments.stripeWebhookSecret) {
        return reply
          .code(503)
          .send({ ok: false, error: { code: 'internal', message: 'Stripe webhooks are not configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)' } });
      }
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        return reply.code(400).send({ ok: false, error: { code: 'bad_request', message: 'Missing Stripe-Signature header or body' } });
      }
      let event: Stripe.Event;
      try {
        event = payments.stripe.webhooks.constructEvent(request.body, signature, payments.stripeWebhookSecret);
      } catch (error) {
        return reply
          .code(400)
          .send({ ok: false, error: { code: 'bad_request', message: `Webhook signature verification failed: ${(error as Error).message}` } });
      }
      const fresh = await db
        .insert(paymentEvents)
        .values({ provider: 'stripe', eventId: event.id, type: event.type, receivedAt: deps.now(), payload: event })
        .onConflictDoNothing()
        .returning();
      if (!fresh[0]) return reply.code(200).send({ ok: true, received: true, duplicate: true });

      const status = STATUS_OF_EVENT[event.type];
      let outcome = 'ignored';
      if (status && event.data.object && (event.data.object as { object?: string }).object === 'payment_intent') {
        const intent = event.data.object as Stripe.PaymentIntent;
        // The event's own intent status wins over the event name when both are present.
        const fromStatus = intent.status ? stateOfIntent(intent.status) : undefined;
        const effective: PaymentStatus =
          fromStatus === 'authorized' ? 'authorized' : fromStatus === 'captured' ? 'captured' : fromStatus === 'voided' ? 'voided' : status;
        outcome = await applyProviderEvent({ db, payments, events, now: deps.now }, 'stripe', intent.id, effective, intent.status ?? event.type);
      }
      return reply.code(200).send({ ok: true, received: true, outcome });
    });
  });
}
