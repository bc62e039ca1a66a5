import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that answers like Stripe's API for the calls the shop makes (form-encoded
 * requests, JSON responses, Stripe's error shape, idempotency keys), so the adapter is tested
 * through the official `stripe` SDK. Card behaviour follows Stripe's test payment methods.
 */

type Json = Record<string, unknown>;

const TEST_PMS: Record<string, { brand: string; last4: string; behaviour: 'succeed' | 'decline' | '3ds' }> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: 'succeed' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behaviour: 'decline' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', behaviour: '3ds' },
};

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Json;
}

/** Parses Stripe's form encoding (a[b][c]=1, list[0]=x) into nested objects. */
export function parseStripeForm(body: string): Json {
  const out: Json = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let target: Json = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Json;
    });
  }
  return out;
}

function id(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(10).toString('hex')}`;
}

export interface StripeFake {
  readonly url: string;
  readonly requests: RecordedRequest[];
  readonly intents: Map<string, Json>;
  /** What the browser's Stripe.js does after a successful 3-D Secure challenge. */
  completeAction(intentId: string, approve: boolean): void;
  close(): Promise<void>;
}

export async function startStripeFake(): Promise<StripeFake> {
  const customers = new Map<string, Json>();
  const pms = new Map<string, Json & { behaviour: string }>();
  const intents = new Map<string, Json>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  const requests: RecordedRequest[] = [];

  const error = (status: number, type: string, message: string, extra: Json = {}) => ({ status, body: { error: { type, message, ...extra } } });

  function pmObject(pmId: string): Json {
    const pm = pms.get(pmId)!;
    const { behaviour: _b, ...rest } = pm;
    return rest;
  }

  function route(method: string, path: string, body: Json, query: URLSearchParams): { status: number; body: Json } {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const c = { id: id('cus'), object: 'customer', email: body.email ?? null, metadata: body.metadata ?? {} };
      customers.set(c.id, c);
      return { status: 200, body: c };
    }
    if ((m = path.match(/^\/v1\/customers\/([^/]+)$/)) && method === 'DELETE') {
      if (!customers.delete(m[1]!)) return error(404, 'invalid_request_error', `No such customer: '${m[1]}'`, { code: 'resource_missing' });
      for (const pm of pms.values()) if (pm.customer === m[1]) pm.customer = null;
      return { status: 200, body: { id: m[1], object: 'customer', deleted: true } };
    }
    if ((m = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/)) && method === 'POST') {
      const customer = typeof body.customer === 'string' ? body.customer : '';
      if (!customers.has(customer)) return error(400, 'invalid_request_error', `No such customer: '${customer}'`, { code: 'resource_missing' });
      const magic = TEST_PMS[m[1]!];
      let pmId = m[1]!;
      if (magic) {
        pmId = id('pm');
        pms.set(pmId, {
          id: pmId,
          object: 'payment_method',
          type: 'card',
          card: { brand: magic.brand, last4: magic.last4, exp_month: 12, exp_year: 2034 },
          customer,
          behaviour: magic.behaviour,
        });
      } else if (pms.has(pmId)) {
        pms.get(pmId)!.customer = customer;
      } else return error(404, 'invalid_request_error', `No such PaymentMethod: '${pmId}'`, { code: 'resource_missing' });
      return { status: 200, body: pmObject(pmId) };
    }
    if ((m = path.match(/^\/v1\/payment_methods\/([^/]+)\/detach$/)) && method === 'POST') {
      const pm = pms.get(m[1]!);
      if (!pm) return error(404, 'invalid_request_error', `No such PaymentMethod: '${m[1]}'`, { code: 'resource_missing' });
      pm.customer = null;
      return { status: 200, body: pmObject(m[1]!) };
    }
    if ((m = path.match(/^\/v1\/payment_methods\/([^/]+)$/)) && method === 'GET') {
      if (!pms.has(m[1]!)) return error(404, 'invalid_request_error', `No such PaymentMethod: '${m[1]}'`, { code: 'resource_missing' });
      return { status: 200, body: pmObject(m[1]!) };
    }
    if (path === '/v1/payment_methods' && method === 'GET') {
      const customer = query.get('customer');
      const data = [...pms.values()].filter((p) => p.customer === customer).map((p) => pmObject(String(p.id)));
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/payment_methods' } };
    }
    if (path === '/v1/payment_intents' && method === 'POST') {
      const pmId = typeof body.payment_method === 'string' ? body.payment_method : '';
      const pm = pms.get(pmId) ?? (TEST_PMS[pmId] ? { ...TEST_PMS[pmId], id: pmId } : undefined);
      if (!pm) return error(400, 'invalid_request_error', `No such PaymentMethod: '${pmId}'`, { code: 'resource_missing', param: 'payment_method' });
      if (body.capture_method !== 'manual') return error(400, 'invalid_request_error', 'The shop must use manual capture');
      const piId = id('pi');
      const pi: Json = {
        id: piId,
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: body.currency,
        capture_method: 'manual',
        customer: body.customer ?? null,
        payment_method: pmId,
        metadata: body.metadata ?? {},
        description: body.description ?? null,
        client_secret: `${piId}_secret_${crypto.randomBytes(6).toString('hex')}`,
        status: 'requires_capture',
        amount_capturable: Number(body.amount),
        amount_received: 0,
        last_payment_error: null,
        next_action: null,
      };
      if (pm.behaviour === 'decline') {
        pi.status = 'requires_payment_method';
        pi.amount_capturable = 0;
        pi.last_payment_error = { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' };
        intents.set(piId, pi);
        return error(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code: 'generic_decline', payment_intent: pi });
      }
      if (pm.behaviour === '3ds') {
        pi.status = 'requires_action';
        pi.amount_capturable = 0;
        pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      }
      intents.set(piId, pi);
      return { status: 200, body: pi };
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)$/)) && method === 'GET') {
      const pi = intents.get(m[1]!);
      return pi ? { status: 200, body: pi } : error(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, { code: 'resource_missing' });
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)\/capture$/)) && method === 'POST') {
      const pi = intents.get(m[1]!);
      if (!pi) return error(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`);
      if (pi.status !== 'requires_capture')
        return error(400, 'invalid_request_error', `This PaymentIntent could not be captured because it has a status of ${String(pi.status)}.`, {
          code: 'payment_intent_unexpected_state',
        });
      const amount = body.amount_to_capture !== undefined ? Number(body.amount_to_capture) : Number(pi.amount);
      if (amount > Number(pi.amount_capturable)) return error(400, 'invalid_request_error', 'Amount to capture exceeds the capturable amount');
      Object.assign(pi, { status: 'succeeded', amount_received: amount, amount_capturable: 0 });
      return { status: 200, body: pi };
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/)) && method === 'POST') {
      const pi = intents.get(m[1]!);
      if (!pi) return error(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`);
      if (pi.status === 'succeeded')
        return error(400, 'invalid_request_error', 'You cannot cancel this PaymentIntent because it has a status of succeeded.', {
          code: 'payment_intent_unexpected_state',
        });
      Object.assign(pi, { status: 'canceled', cancellation_reason: body.cancellation_reason ?? null, amount_capturable: 0 });
      return { status: 200, body: pi };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = parseStripeForm(raw);
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey: key, body });
      if (!(req.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
        return;
      }
      const cacheKey = key && req.method === 'POST' ? `${url.pathname}:${key}` : undefined;
      const answer = (cacheKey && idempotent.get(cacheKey)) || route(req.method ?? 'GET', url.pathname, body, url.searchParams);
      if (cacheKey && !idempotent.has(cacheKey)) idempotent.set(cacheKey, answer);
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    completeAction(intentId, approve) {
      const pi = intents.get(intentId);
      if (!pi || pi.status !== 'requires_action') throw new Error(`Intent ${intentId} does not wait for an action`);
      Object.assign(
        pi,
        approve
          ? { status: 'requires_capture', amount_capturable: pi.amount, next_action: null }
          : { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'authentication_required', message: '3DS failed' } },
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
