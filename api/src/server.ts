import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { HostDescriptor, ResolvedDescriptor } from '@shop/shared/contract';
import { handlers } from './actions';
import type { ActionContext, NewsPublishedHook } from './actions/context';
import type { TokenVerifier } from './auth/verify';
import { offsetClock } from './clock';
import { assertNoEmulatorInProduction, REPO_ROOT, type ApiConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { isDatabaseUnavailable } from './db/unavailable';
import { createDescriptorSource, resolveDescriptor, type DescriptorSource } from './deploy/descriptors';
import { productionFirebaseProblems, withEmulatorFirebase } from './deploy/firebase-descriptors';
import { productionShellProblems } from './deploy/shell-descriptors';
import { folderArtifactStore, servedVersionDir } from './deploy/artifact-store';
import { pullNamedVersions } from './deploy/pull-versions';
import { openStoreDescriptors } from './deploy/store-descriptors';
import { registerCanaryCookie } from './http/canary-cookie';
import { registerPreviewGate } from './http/preview-gate';
import { productionPreviewProblems } from './deploy/preview-access';
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
import { registerStreamLimits } from './http/stream-limits';
import { memoryWindowMarks, redisWindowMarks } from './http/window-marks';
import { memoryStreamTickets, redisStreamTickets } from './events/stream-tickets';
import { registerResourceRoutes } from './http/resource-routes';
import { registerTestClockRoute } from './http/test-clock-route';
import { startMail, type MailService } from './mail';
import { startOrderMaintenance } from './orders/maintenance';
import { createMenuRepository, type MenuRepository } from './orders/menu-repository';
import { loadOrderTokens, type OrderTokens } from './orders/order-tokens';
import { assertPaymentConfig, createPayments, paymentMethodsOf, paymentModeOf, type Payments } from './payments/registry';
import { sendTopicMessage } from './push';
import { createPush } from './push/registry';
import type { PushService } from './push/service';
import { seedIfEmpty } from './seed';
import { registerHealthRoutes } from './ops/health-routes';
import { createLogger, requestIdOf, type Logger } from './ops/logger';
import { countPool, metrics } from './ops/metrics';
import { registerMetricsRoute } from './ops/metrics-route';
import { registerRequestMetrics } from './ops/request-metrics';
import { authPlugin } from './plugins/auth';
import { databasePlugin } from './plugins/database';
import { eventsPlugin } from './plugins/events';
import { paymentsPlugin } from './plugins/payments';
import { pushPlugin } from './plugins/push';

export interface Api {
  readonly app: FastifyInstance;
  readonly logger: Logger;
  readonly database: Database;
  readonly events: EventBus;
  readonly menus: MenuRepository;
  readonly descriptors: DescriptorSource;
  readonly orderTokens: OrderTokens;
  readonly push: PushService;
  /** The payment providers of this instance (live or test, never mixed). */
  readonly payments: Payments;
  /**
   * First step of a graceful shutdown (SIGTERM): readiness answers 503 from now on and every open
   * stream is ended with a retry hint and a final resync event (its client reconnects elsewhere).
   * Returns the number of streams closed. `close()` then finishes in-flight requests.
   */
  drain(): number;
  /** The step `close()` is in ('not closing', …, 'closed'). */
  readonly closing: string;
  /** The mail outbox worker of this instance (ADR 0026). */
  readonly mail: MailService;
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
  /** The process's logger (main.ts); default: a new one at config.logLevel. */
  logger?: Logger;
}

/** How long an instance keeps trying to reach its database at start (it may start before the database does). */
export const DATABASE_START_WAIT_MS = 60_000;

/** Opens the database, trying again while it is unavailable (not on any other error), for at most DATABASE_START_WAIT_MS. */
async function untilDatabaseAnswers(open: () => Promise<Database>, logger: Logger): Promise<Database> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() - started > DATABASE_START_WAIT_MS) throw error;
      if (attempt === 0) logger.warn({ err: error }, 'the database does not answer yet; trying again');
      await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** attempt, 5_000)));
    }
  }
}

/** A verifier that accepts no token (API tests that sign nobody in). */
export const noAuth: TokenVerifier = { verify: async () => null };

/** Firebase Auth of the configured project; a failure to set it up stops the start with the reason. */
async function createVerifier(config: ApiConfig): Promise<TokenVerifier> {
  try {
    return await (await import('./auth/verify')).createFirebaseVerifier(config.firebaseProjectId, config.firebaseAuthEmulatorHost);
  } catch (error) {
    throw new Error(`Firebase Auth could not be set up for project "${config.firebaseProjectId}": ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

export async function createApi(config: ApiConfig, deps: ApiDeps = {}): Promise<Api> {
  assertNoEmulatorInProduction(config);
  // Before anything is opened: production never runs on test money (ADR 0026).
  assertPaymentConfig(config);
  // A test server (NODE_ENV=test, SHOP_TEST_NOW) runs on a movable clock; production on the system clock.
  const testClock = deps.now === undefined && config.testNow !== undefined ? offsetClock(config.testNow) : undefined;
  const now = deps.now ?? (testClock ? () => testClock.now() : () => Date.now());
  const logger = deps.logger ?? createLogger({ level: config.logLevel });
  const database =
    deps.database ??
    (await untilDatabaseAnswers(
      () =>
        openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: config.pgliteDir }, {
          pool: { max: config.ops.dbPoolMax, statementTimeoutMs: config.ops.dbStatementTimeoutMs, connectTimeoutMs: config.ops.dbConnectTimeoutMs },
          onConnectionError: (kind, error) => {
            metrics.databaseErrors.inc({ kind });
            logger.warn({ err: error }, `PostgreSQL connection lost (${kind}); the next query opens a new one`);
          },
        }),
      logger,
    ));
  const poolStats = database.poolStats?.bind(database);
  const stopCountingPool = poolStats ? countPool(poolStats) : () => undefined;
  // Instances starting together on an empty database: one seeds, the others find it seeded.
  if (deps.seed !== false) await database.exclusively(() => seedIfEmpty(database.db, now()));
  const events =
    deps.events ??
    (config.redisUrl
      ? await createRedisEventBus(config.redisUrl, {
          prefix: `${config.ops.redisPrefix}events:`,
          commandTimeoutMs: config.ops.redisCommandTimeoutMs,
          log: (message) => logger.warn(message),
        })
      : createMemoryEventBus());
  // A Firebase project that cannot be set up stops the start (never silently "no sign-in").
  const verifier = deps.verifier ?? (await createVerifier(config));
  const store = folderArtifactStore(config.artifactStore);
  const s3 = config.s3 ? (await import('./deploy/s3-artifacts')).s3Artifacts(config.s3) : undefined;
  // With a bucket behind the store, the versions the descriptors name are pulled before they are checked.
  const refusedPull = (error: Error) => logger.error(`[descriptors] ${error.message}`);
  // The descriptors come from the store's control plane (deploy/hosts only seeds it).
  const storeDescriptors =
    config.descriptorsFrom === 'store'
      ? await openStoreDescriptors({
          artifactStore: config.artifactStore,
          seedDir: config.deployHostsDir,
          s3: config.s3,
          onError: (error) => logger.error(`[descriptors] polling ${config.s3?.bucket ?? ''} failed: ${error.message} (still serving the last descriptors)`),
        })
      : undefined;
  const descriptorsDir = storeDescriptors?.dir ?? config.deployHostsDir;
  if (s3) await pullNamedVersions(descriptorsDir, store, config.appRoot, s3, refusedPull);
  let pulling = false;
  const source: DescriptorSource = createDescriptorSource(descriptorsDir, {
    ...(config.checkReleases ? { exists: (app: string, version: string) => servedVersionDir(store, config.appRoot, app, version) !== null } : {}),
    // Production serves real Firebase projects only (a descriptor failing this is refused like a broken one),
    // no preview host with the token shipped in the repository (docs/requirements.md#preview-apart) and no
    // host guests reach without a shell it names.
    ...(config.production
      ? {
          check: (descriptor: HostDescriptor) => [
            ...productionFirebaseProblems(descriptor, config.firebaseProjectId),
            ...productionPreviewProblems(descriptor),
            ...productionShellProblems(descriptor),
          ],
        }
      : {}),
    onError: (error) => {
      logger.error(`[descriptors] ${error.message} (still serving the last valid descriptors)`);
      if (!s3 || pulling) return;
      // A release made on another machine: fetch its versions, then read the descriptors again.
      pulling = true;
      void pullNamedVersions(descriptorsDir, store, config.appRoot, s3, refusedPull)
        .then((pulled) => {
          if (pulled.length) source.retry();
        })
        .catch((pullError: unknown) => logger.error({ err: pullError }, `[descriptors] pulling versions from ${s3.describe()} failed`))
        .finally(() => {
          pulling = false;
        });
    },
  });
  // A development API with the Auth emulator gives every host the emulator's stand-in config.
  // An S3 store: the bucket's descriptors are polled into the mirror the source reads (a release made on any machine arrives).
  const descriptorPoll =
    storeDescriptors && config.s3
      ? setInterval(() => {
          void storeDescriptors.sync().then((changed) => {
            if (changed) source.all();
          });
        }, config.descriptorPollMs)
      : undefined;
  descriptorPoll?.unref();
  const descriptors = config.firebaseAuthEmulatorHost ? withEmulatorFirebase(source, config.firebaseProjectId) : source;
  // The payments of this instance (live or test, never mixed; refused in production without keys).
  const payments = createPayments(config, database.db, now);
  const menus = createMenuRepository(database.db);
  const push = createPush(config, database.db, events, now);
  const orderTokens = await loadOrderTokens(database.db);
  const mail = startMail(config, database.db, now);
  const stopMaintenance =
    config.orderSweepIntervalMs > 0
      ? startOrderMaintenance(
          {
            db: database.db,
            payments,
            events,
            now,
            menus,
          },
          config.orderSweepIntervalMs,
        )
      : async () => undefined;

  // The process's pino logger, as the base logger type every route module is written against.
  const baseLogger: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance: baseLogger,
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    // A request must arrive whole within REQUEST_TIMEOUT_SECONDS (30 s): a socket sending its headers byte
    // by byte is dropped (an event stream's response may last: this bounds receiving the request only).
    requestTimeout: config.ops.requestTimeoutMs,
    // Node looks for overdue requests every 30 s by default (so a 30 s timeout acted after up to 60 s): a tenth of it.
    http: { connectionsCheckingInterval: Math.max(100, Math.floor(config.ops.requestTimeoutMs / 10)) },
  });
  // The instance's services, one plugin each (api/src/plugins): every route reads them from `app`.
  await app.register(databasePlugin, { database });
  await app.register(eventsPlugin, { events });
  await app.register(paymentsPlugin, { payments });
  await app.register(pushPlugin, { push });
  await app.register(authPlugin, { verifier, db: database.db });
  registerErrorHandler(app);
  registerRequestMetrics(app);
  await registerSecurityHeaders(app, {
    stripe: Boolean(config.stripeSecretKey),
    paypal: Boolean(config.paypalClientId),
    firebaseFor: (hostname) => descriptors.forHost(hostname).firebase,
  });
  await registerCompression(app);
  const limit = await registerRateLimits(app, { enabled: config.rateLimits, redisUrl: config.redisUrl, ops: config.ops });
  const marks = config.redisUrl ? await redisWindowMarks(config.redisUrl, config.ops) : memoryWindowMarks(now);
  app.addHook('onClose', () => marks.close());
  // Stream tickets live where the events travel: a ticket issued here may open a stream on another instance.
  const streamTickets = config.redisUrl ? await redisStreamTickets(config.redisUrl, config.ops, now) : memoryStreamTickets(now);
  app.addHook('onClose', () => streamTickets.close());

  // What the browser needs of the live providers; only methods whose provider has keys (ADR 0026).
  const browserPayments: ResolvedDescriptor['payments'] =
    paymentModeOf(config) === 'live'
      ? {
          mode: 'live',
          ...(payments.card && config.stripePublishableKey ? { stripePublishableKey: config.stripePublishableKey } : {}),
          ...(payments.paypal && config.paypalClientId ? { paypalClientId: config.paypalClientId } : {}),
        }
      : { mode: 'test' };

  // A news item that goes online is also a push message of the topic 'news' (requirements#push).
  const onNewsPublished: NewsPublishedHook =
    deps.onNewsPublished ??
    (async (item) => {
      await sendTopicMessage({ push }, 'news', newsMessage(item));
    });

  // A preview host lets in only browsers with its token, before any route answers (docs/requirements.md#preview-apart).
  registerPreviewGate(app, (request) => descriptors.forHost(request.hostname));
  registerActionRoute(
    app,
    handlers,
    async (request, browserId) => {
      const { user, tokenRefused } = await app.identify(request);
      const ctx: ActionContext = {
        db: app.database.db,
        browserId,
        ip: request.ip,
        user,
        identity: app.auth,
        hostname: request.hostname,
        descriptor: descriptors.forHost(request.hostname),
        events: app.events,
        payments: app.payments,
        push: app.push,
        menus,
        now,
        orderTokens,
        unpaidOrderExpiryMs: config.unpaidOrderExpiryMs,
        maxOrderLines: config.maxOrderLines,
        draftLimits: config.draftLimits,
        onNewsPublished,
        marks,
        streamTickets,
      };
      return { ctx, flags: tokenRefused ? { jwtInvalid: true } : {} };
    },
    limit,
  );
  registerStreamLimits(app, '/api/events');
  registerEventsRoute(app, events, streamTickets);
  (await import('./http/stripe-webhook-route')).registerStripeWebhookRoute(app, { now });
  // A running canary resolves per browser (docs/requirements.md#release-canary).
  const browserIdOf = registerCanaryCookie(app, (request) => descriptors.forHost(request.hostname));
  const descriptorFor = (request: FastifyRequest) =>
    resolveDescriptor(request.hostname, descriptors.forHost(request.hostname), browserPayments, push.mode, browserIdOf(request));
  app.get('/deploy/descriptor.json', async (request, reply) => {
    reply.header('cache-control', 'no-cache, no-store');
    // The answer depends on the browser's canary cookie: never shared by a cache.
    reply.header('vary', 'cookie');
    return descriptorFor(request);
  });
  registerResourceRoutes(app, { menus, descriptorFor });
  let draining = false;
  /** The step a shutdown is in (reported when it takes too long). */
  let closing = 'not closing';
  registerHealthRoutes(app, {
    database,
    events,
    redis: Boolean(config.redisUrl),
    descriptors,
    payments: () => paymentMethodsOf(config),
    draining: () => draining,
  });
  registerMetricsRoute(app, config.ops);
  // The contract versions this API accepts: asked by the release gate (deploy/lib/gate.mjs).
  app.get('/api/contract', async () => ({ current: CONTRACT_VERSION, accepted: ACCEPTED_CONTRACT_VERSIONS }));
  if (testClock) registerTestClockRoute(app, testClock);
  if (config.firebaseAuthEmulatorHost) registerAuthEmulatorProxy(app, config.firebaseAuthEmulatorHost);
  await registerStaticRoutes(app, {
    appRoot: config.appRoot,
    store,
    descriptorFor,
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
    payments,
    logger,
    drain() {
      draining = true;
      return events.streams.drain();
    },
    get closing() {
      return closing;
    },
    mail,
    async close() {
      clearInterval(descriptorPoll);
      storeDescriptors?.close();
      s3?.close();
      closing = 'order maintenance';
      await stopMaintenance();
      closing = 'mail outbox';
      await mail.close();
      // Connections that become idle while closing (a drained stream's socket, a keep-alive
      // connection of the proxy after its last answer) are closed too: close() waits for every one.
      closing = 'HTTP server (in-flight requests)';
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
      closing = 'push';
      await push.close();
      closing = 'events (Redis)';
      await events.close();
      closing = 'database';
      stopCountingPool();
      await database.close();
      closing = 'closed';
    },
  };
}
