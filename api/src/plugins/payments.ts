import fp from 'fastify-plugin';
import type { Payments } from '../payments/registry';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payment providers of the instance: live or test, never mixed (docs/adr/0026-busy-evening.md). */
    readonly payments: Payments;
  }
}

/** Makes the payment providers known to every route of the instance (actions, Stripe webhook). */
export const paymentsPlugin = fp<{ payments: Payments }>(
  async (app, { payments }) => {
    app.decorate('payments', payments);
  },
  { name: 'shop-payments', fastify: '5.x' },
);
