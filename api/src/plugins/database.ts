import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's database (PGlite or PostgreSQL), opened by createApi and closed by Api.close(). */
    readonly database: Database;
  }
}

/** Makes the database known to every route of the instance (docs/architecture.md "API wiring"). */
export const databasePlugin = fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate('database', database);
  },
  { name: 'shop-database', fastify: '5.x' },
);
