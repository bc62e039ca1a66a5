import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { issuedBeforeErasure } from '../account/erasure-memory';
import type { TokenVerifier, VerifiedUser } from '../auth/verify';
import type { Db } from '../db/client';

/** Who sent a request: the verified user, and whether a token was sent but refused (the client refreshes it). */
export interface RequestIdentity {
  readonly user: VerifiedUser | null;
  readonly tokenRefused: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies Firebase ID tokens (and deletes users on erasure). */
    readonly auth: TokenVerifier;
    /** The user of a request's `Authorization: Bearer <ID token>`; an erased account's session is over. */
    identify(request: FastifyRequest): Promise<RequestIdentity>;
    /** The same for a token that arrived another way (a stream ticket request, a merged anonymous session). */
    identifyToken(token: string | undefined): Promise<RequestIdentity>;
  }
}

/** The bearer token of a request, if any. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/**
 * Authentication of the instance: one verifier, and one way to turn a request into a user, used
 * by every route (actions, event streams). A token of an account erased after it was issued
 * counts as refused, even while it has not expired (account/erasure-memory.ts).
 */
export const authPlugin = fp<{ verifier: TokenVerifier; db: Db }>(
  async (app, { verifier, db }) => {
    const identifyToken = async (token: string | undefined): Promise<RequestIdentity> => {
      if (!token) return { user: null, tokenRefused: false };
      const verified = await verifier.verify(token);
      const user = verified && (await issuedBeforeErasure(db, verified)) ? null : verified;
      return { user, tokenRefused: user === null };
    };
    app.decorate('auth', verifier);
    app.decorate('identifyToken', identifyToken);
    app.decorate('identify', (request: FastifyRequest) => identifyToken(bearerTokenOf(request)));
  },
  { name: 'shop-auth', fastify: '5.x' },
);
