import crypto from 'node:crypto';
import path from 'node:path';
import { CONTRACT_VERSION, type ActionName, type ActionPayload, type OrderDraftInput } from '@shop/shared/contract';
import { needsCashCaptcha } from '../../src/actions/checkout';
import { loadConfig, REPO_ROOT } from '../../src/config';
import type { Database } from '../../src/db/client';
import type { NewsPublishedHook } from '../../src/actions/context';
import type { TokenVerifier } from '../../src/auth/verify';
import type { EventBus } from '../../src/events/event-bus';
import { createApi, noAuth, type Api } from '../../src/server';
import { solveCashCaptcha } from './captcha';
import { testNow } from './clock';

export { solveCashCaptcha };

export const TEST_BROWSER_ID = 'test-browser-0000-0000-0000-000000000001';

/** A stable private address per browser id (10.x.y.z). */
export function addressOf(browserId: string): string {
  const hash = crypto.createHash('sha256').update(browserId).digest();
  return `10.${hash[0]}.${hash[1]}.${hash[2]}`;
}

export interface TestApi {
  readonly api: Api;
  /** POST /api/action through Fastify's inject (no socket). */
  call<A extends ActionName>(
    action: A,
    payload: ActionPayload<A>,
    options?: { browserId?: string; token?: string; host?: string; cookie?: string; solveCaptcha?: boolean; contractVersion?: number | null; ip?: string },
  ): Promise<{ status: number; body: Record<string, unknown> & { ok: boolean } }>;
  /** Raw body, for malformed requests. */
  post(body: unknown, headers?: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

export interface TestApiOptions {
  now?: () => number;
  verifier?: TokenVerifier;
  events?: EventBus;
  seed?: boolean;
  env?: NodeJS.ProcessEnv;
  onNewsPublished?: NewsPublishedHook;
}

/** An API on the given (fresh) database, seeded with the demo restaurant unless seed: false. */
export async function startTestApi(database: Database, options: TestApiOptions = {}): Promise<TestApi> {
  const config = {
    // No background sweeps unless a test asks for them: tests run expiry and reconciliation themselves.
    // and no rate limits or caps of open unpaid orders (the tests send far more than a guest;
    // api/test/limits.test.ts and api/test/unpaid-expiry.test.ts test them).
    ...loadConfig({ ORDER_SWEEP_SECONDS: '0', RATE_LIMITS: 'off', DRAFT_LIMITS: 'off', ...options.env }),
    logLevel: 'silent',
    deployHostsDir: options.env?.DEPLOY_HOSTS_DIR ?? path.join(REPO_ROOT, 'deploy', 'hosts'),
    ...(options.env?.APP_ROOT ? { appRoot: options.env.APP_ROOT } : {}),
  };
  const api = await createApi(config, {
    database,
    verifier: options.verifier ?? noAuth,
    ...(options.events ? { events: options.events } : {}),
    now: options.now ?? testNow,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.onNewsPublished ? { onNewsPublished: options.onNewsPublished } : {}),
  });
  const post: TestApi['post'] = async (body, headers = {}) => {
    const res = await api.app.inject({ method: 'POST', url: '/api/action', payload: body as object, headers: { host: 'localhost', ...headers } });
    return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
  };
  const call: TestApi['call'] = async (action, payload, opts = {}) => {
    // A guest paying at pickup solves the cash captcha first; `solveCaptcha: false` tests without.
    if (action === 'SaveNewOrder' && opts.solveCaptcha !== false) {
      const order = (payload as { order: OrderDraftInput }).order;
      if (needsCashCaptcha(order) && !order.captcha) {
        const issued = await call('GetCashCaptcha', {}, { ...opts, solveCaptcha: false });
        payload = { order: { ...order, captcha: await solveCashCaptcha(issued.body.challenge) } } as typeof payload;
      }
    }
    const browserId = opts.browserId ?? TEST_BROWSER_ID;
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/action',
      // Each test browser calls from an address of its own, as guests do (open drafts are also counted per IP).
      remoteAddress: opts.ip ?? addressOf(browserId),
      headers: {
        host: opts.host ?? 'localhost',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
      },
      payload: {
        action,
        payload,
        channel: 'on-the-go',
        browserId,
        secToken: '',
        timeout: 10000,
        // The current contract unless a test speaks another one (null: an envelope without the field, version 1).
        ...(opts.contractVersion === null ? {} : { contractVersion: opts.contractVersion ?? CONTRACT_VERSION }),
      },
    });
    return { status: res.statusCode, body: res.json<Record<string, unknown> & { ok: boolean }>() };
  };
  return {
    api,
    post,
    call,
    close: () => api.close(),
  };
}
