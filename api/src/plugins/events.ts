import fp from 'fastify-plugin';
import type { EventBus } from '../events/event-bus';

declare module 'fastify' {
  interface FastifyInstance {
    /** The event bus of the instance (in memory, or Redis across instances). */
    readonly events: EventBus;
  }
}

/** Makes the event bus known to every route of the instance. */
export const eventsPlugin = fp<{ events: EventBus }>(
  async (app, { events }) => {
    app.decorate('events', events);
  },
  { name: 'shop-events', fastify: '5.x' },
);
