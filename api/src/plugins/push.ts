import fp from 'fastify-plugin';
import type { PushService } from '../push/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Push messages of the instance (FCM when configured, the offline events-stream default always). */
    readonly push: PushService;
  }
}

/** Makes the push service known to every route of the instance. */
export const pushPlugin = fp<{ push: PushService }>(
  async (app, { push }) => {
    app.decorate('push', push);
  },
  { name: 'shop-push', fastify: '5.x' },
);
