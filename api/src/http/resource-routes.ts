import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResolvedDescriptor } from '@shop/shared/contract';
import { APPCONFIG_RESOURCE, MENU_RESOURCE } from '@shop/shared/contract/resources';
import type { MenuRepository } from '../orders/menu-repository';

/**
 * The menus and the app config as GET resources with an ETag (requirements#performance): the same answers as the
 * actions PullFoodMenu / PullDrinkMenu and GetAppconfig. `Cache-Control: no-cache` lets the browser
 * keep a copy and revalidate it; a request whose If-None-Match names the current version gets
 * 304 without a body. A menu's ETag is its version stamp (bumped on every menu or stock change); the
 * app config's is a hash of the answer (it differs per branch host).
 */
export interface ResourceRoutesOptions {
  readonly menus: MenuRepository;
  readonly descriptorFor: (request: FastifyRequest) => ResolvedDescriptor;
}

const REVALIDATE = 'no-cache';

/** True when the request's If-None-Match names `etag` (a list, weak validators and * included). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

function answer(request: FastifyRequest, reply: FastifyReply, etag: string, body: () => object) {
  reply.header('cache-control', REVALIDATE);
  reply.header('etag', etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.code(200).send(body());
}

export function registerResourceRoutes(app: FastifyInstance, { menus, descriptorFor }: ResourceRoutesOptions): void {
  for (const kind of ['food', 'drink'] as const) {
    app.get(MENU_RESOURCE[kind], async (request, reply) => {
      const snapshot = await menus.load(kind);
      return answer(request, reply, `"menu-${kind}-${snapshot.lastModified}"`, () => ({ ok: true, menu: snapshot.menu, lastModified: snapshot.lastModified }));
    });
  }
  app.get(APPCONFIG_RESOURCE, async (request, reply) => {
    const body = { ok: true, appconfig: await menus.appConfig(), stores: await menus.stores(), branch: descriptorFor(request).branch };
    const etag = `"config-${crypto.createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22)}"`;
    return answer(request, reply, etag, () => body);
  });
}
