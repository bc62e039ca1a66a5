import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ResolvedDescriptor } from '@shop/shared/contract';
import { handlers } from './actions';
import type { ActionContext, NewsPublishedHook } from './actions/context';
import type { TokenVerifier } from './auth/verify';
import { offsetClock } from './clock';
import { REPO_ROOT, type ApiConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { createDescriptorSource, resolveDescriptor, type DescriptorSource } from './deploy/descriptors';
import { folderArtifactStore, servedVersionDir } from './deploy/artifact-store';
import { pullNamedVersions } from './deploy/pull-versions';
import { ACCEPTED_CONTRACT_VERSIONS, CONTRACT_VERSION } from '@shop/shared/contract';
import { newsMessage } from '@shop/shared/domain/push';
import { createMemoryEventBus, createRedisEventBus, type EventBus } from './events/event-bus';
import { registerActionRoute } from './http/action-route';
import { registerAuthEmulatorProxy } from './http/auth-emulator-proxy';
import { registerCompression } from './http/compression';
import { registerErrorHandler } from './http/error-handler';
import { registerEventsRoute } from './http/events-route';
import { registerMediaRoute } from './http/media-route';
import { registerRateLimits } from './http/rate-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticRoutes } from './http/static-routes';
import { registerResourceRoutes } from './http/resource-routes';
import { registerTestClockRoute } from './http/test-clock-route';
import { startOrderMaintenance } from './orders/maintenance';
import { createMenuRepository, type MenuRepository } from './orders/menu-repository';
import { loadOrderTokens, type OrderTokens } from './orders/order-tokens';
import { paymentsOf } from './payments/registry';
import { sendTopicMessage } from './push';
import { createPush, installPush } from './push/registry';
import type { PushService } from './push/service';
import { seedIfEmpty } from './seed';

export interface Api {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly events: EventBus;
  readonly menus: MenuRepository;
  readonly descriptors: DescriptorSource;
  readonly orderTokens: OrderTokens;
  readonly push: PushService;
  close(): Promise<void>;
}

export interface ApiDeps {
  database?: Database;
  events?: EventBus;
  verifier?: TokenVerifier;
  now?: () => number;
  /** Skip the seed (tests that bring their own data). */
  seed?: boolean;
  /** Runs when the staff publish a news item (the hook point for topic push messages; ActionContext.onNewsPublished). */
  onNewsPublished?: NewsPublishedHook;
}

/** A verifier that accepts no token (used when no Firebase project is configured in tests). */
export const noAuth: TokenVerifier = { verify: async () => null };

export async function createApi(config: ApiConfig, deps: ApiDeps = {}): Promise<Api> {
  // A test server (NODE_ENV=test, SHOP_TEST_NOW) runs on a movable clock; production on the system clock.
  const testClock = deps.now === undefined && config.testNow !== undefined ? offsetClock(config.testNow) : undefined;
  const now = deps.now ?? (testClock ? () => testClock.now() : () => Date.now());
  const database = deps.database ?? (await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: config.pgliteDir }));
  if (deps.seed !== false) await seedIfEmpty(database.db, now());
  const events = deps.events ?? (config.redisUrl ? await createRedisEventBus(config.redisUrl) : createMemoryEventBus());
  const verifier =
    deps.verifier ?? (await import('./auth/verify')).createFirebaseVerifier(config.firebaseProjectId, config.firebaseAuthEmulatorHost).catch(() => noAuth);
  const resolvedVerifier = await verifier;
  const store = folderArtifactStore(config.artifactStore);
  const s3 = config.s3 ? (await import('./deploy/s3-artifacts')).s3Artifacts(config.s3) : undefined;
  // With a bucket behind the store, the versions the descriptors name are pulled before they are checked.
  if (s3) await pullNamedVersions(config.deployHostsDir, store, config.appRoot, s3);
  let pulling = false;
  const descriptors: DescriptorSource = createDescriptorSource(config.deployHostsDir, {
    ...(config.checkReleases ? { exists: (app: string, version: string) => servedVersionDir(store, config.appRoot, app, version) !== null } : {}),
    onError: (error) => {
      console.error(`[descriptors] ${error.message} (still serving the last valid descriptors)`);
      if (!s3 || pulling) return;
      // A release made on another machine: fetch its versions, then read the descriptors again.
      pulling = true;
      void pullNamedVersions(config.deployHostsDir, store, config.appRoot, s3)
        .then((pulled) => {
          if (pulled.length) descriptors.retry();
        })
        .catch((pullError: unknown) => console.error(`[descriptors] pulling versions from ${s3.describe()} failed: ${String(pullError)}`))
        .finally(() => {
          pulling = false;
        });
    },
  });
  const menus = createMenuRepository(database.db);
  const push = createPush(config, database.db, events, now);
  installPush(database.db, push);
  const orderTokens = await loadOrderTokens(database.db);
  const stopMaintenance =
    config.orderSweepIntervalMs > 0
      ? startOrderMaintenance(
          {
            db: database.db,
            // Resolved at each sweep: a test or a restart may install other payments for this database.
            get payments() {
              return paymentsOf(database.db, now);
            },
            events,
            now,
            menus,
          },
          config.orderSweepIntervalMs,
        )
      : async () => undefined;

  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
  });
  registerErrorHandler(app);
  await registerSecurityHeaders(app, {
    stripe: Boolean(config.stripeSecretKey),
    paypal: Boolean(config.paypalClientId),
    firebaseFor: (hostname) => descriptors.forHost(hostname).firebase,
  });
  await registerCompression(app);
  const limit = await registerRateLimits(app, { enabled: config.rateLimits, redisUrl: config.redisUrl });

  const payments: ResolvedDescriptor['payments'] = config.stripeSecretKey
    ? {
        mode: 'live',
        ...(config.stripePublishableKey ? { stripePublishableKey: config.stripePublishableKey } : {}),
        ...(config.paypalClientId ? { paypalClientId: config.paypalClientId } : {}),
      }
    : { mode: 'test' };

  // A news item that goes online is also a push message of the topic 'news' (shop-spec §4 Push).
  const onNewsPublished: NewsPublishedHook =
    deps.onNewsPublished ??
    (async (item) => {
      await sendTopicMessage({ db: database.db }, 'news', newsMessage(item));
    });

  registerActionRoute(
    app,
    handlers,
    async (request, browserId) => {
      const auth = request.headers.authorization;
      const token = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
      const user = token ? await resolvedVerifier.verify(token) : null;
      const ctx: ActionContext = {
        db: database.db,
        browserId,
        user,
        identity: resolvedVerifier,
        hostname: request.hostname,
        descriptor: descriptors.forHost(request.hostname),
        events,
        menus,
        now,
        orderTokens,
        unpaidOrderExpiryMs: config.unpaidOrderExpiryMs,
        maxOrderLines: config.maxOrderLines,
        onNewsPublished,
      };
      return { ctx, flags: token && !user ? { jwtInvalid: true } : {} };
    },
    limit,
  );
  registerEventsRoute(app, events, resolvedVerifier, orderTokens);
  (await import('./http/stripe-webhook-route')).registerStripeWebhookRoute(app, { config, db: database.db, events, now });
  app.get('/deploy/descriptor.json', async (request, reply) => {
    reply.header('cache-control', 'no-cache, no-store');
    return resolveDescriptor(request.hostname, descriptors.forHost(request.hostname), payments, push.mode);
  });
  registerResourceRoutes(app, { menus, descriptorFor: (request) => resolveDescriptor(request.hostname, descriptors.forHost(request.hostname), payments) });
  app.get('/api/health', async () => ({ ok: true, database: database.driver }));
  // The contract versions this API accepts: asked by the release gate (deploy/lib/gate.mjs).
  app.get('/api/contract', async () => ({ current: CONTRACT_VERSION, accepted: ACCEPTED_CONTRACT_VERSIONS }));
  if (testClock) registerTestClockRoute(app, testClock);
  if (config.firebaseAuthEmulatorHost) registerAuthEmulatorProxy(app, config.firebaseAuthEmulatorHost);
  await registerStaticRoutes(app, {
    appRoot: config.appRoot,
    store,
    descriptorFor: (request) => resolveDescriptor(request.hostname, descriptors.forHost(request.hostname), payments),
    menus: async () => ({ food: (await menus.load('food')).menu, drink: (await menus.load('drink')).menu }),
    shellVersionFor: (request) => {
      try {
        return descriptors.forHost(request.hostname).shell;
      } catch {
        return undefined;
      }
    },
  });
  registerMediaRoute(app, path.join(REPO_ROOT, 'api', 'media'));

  return {
    app,
    database,
    events,
    menus,
    descriptors,
    orderTokens,
    push,
    async close() {
      s3?.close();
      await stopMaintenance();
      await app.close();
      await push.close();
      await events.close();
      await database.close();
    },
  };
}
