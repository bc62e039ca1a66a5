import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that answers like PayPal's REST API (OAuth token, Orders v2 with intent
 * AUTHORIZE, Payments v2 authorizations), including PayPal-Request-Id idempotency.
 */
type Json = Record<string, unknown>;

export interface PaypalFake {
  readonly url: string;
  readonly orders: Map<string, Json>;
  readonly requests: { method: string; path: string; requestId: string | undefined; body: Json | null }[];
  /** The buyer approves the order in PayPal's window. */
  approve(orderId: string): void;
  close(): Promise<void>;
}

export async function startPaypalFake(credentials = { clientId: 'client-id', secret: 'client-secret' }): Promise<PaypalFake> {
  const orders = new Map<string, Json>();
  const auths = new Map<string, Json & { orderId: string }>();
  const requestIds = new Map<string, { status: number; body: Json | null }>();
  const requests: PaypalFake['requests'] = [];
  const tokens = new Set<string>();
  const newId = () => crypto.randomBytes(8).toString('hex').toUpperCase();
  const err = (status: number, name: string, message: string) => ({ status, body: { name, message, details: [] } as Json });

  function route(method: string, path: string, body: Json | null): { status: number; body: Json | null } {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v2/checkout/orders') {
      if (body?.intent !== 'AUTHORIZE') return err(422, 'UNPROCESSABLE_ENTITY', 'The shop uses intent AUTHORIZE');
      const unit = (body.purchase_units as Json[])[0]!;
      const id = newId();
      const order = {
        id,
        intent: 'AUTHORIZE',
        status: 'CREATED',
        purchase_units: [{ reference_id: unit.reference_id, amount: unit.amount }],
        payment_source: body.payment_source,
      };
      orders.set(id, order);
      return { status: 201, body: order };
    }
    if ((m = path.match(/^\/v2\/checkout\/orders\/([^/]+)$/)) && method === 'GET') {
      const order = orders.get(m[1]!);
      return order ? { status: 200, body: order } : err(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
    }
    if ((m = path.match(/^\/v2\/checkout\/orders\/([^/]+)\/authorize$/)) && method === 'POST') {
      const order = orders.get(m[1]!);
      if (!order) return err(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
      if (order.status !== 'APPROVED') return err(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
      const unit = (order.purchase_units as Json[])[0]!;
      const auth = { id: newId(), status: 'CREATED', amount: unit.amount, orderId: order.id as string };
      auths.set(auth.id, auth);
      order.status = 'COMPLETED';
      unit.payments = { authorizations: [{ id: auth.id, status: 'CREATED', amount: unit.amount }] };
      return { status: 201, body: order };
    }
    if ((m = path.match(/^\/v2\/payments\/authorizations\/([^/]+)$/)) && method === 'GET') {
      const auth = auths.get(m[1]!);
      if (!auth) return err(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
      const { orderId: _o, ...rest } = auth;
      return { status: 200, body: rest };
    }
    if ((m = path.match(/^\/v2\/payments\/authorizations\/([^/]+)\/(capture|void)$/)) && method === 'POST') {
      const auth = auths.get(m[1]!);
      if (!auth) return err(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.');
      if (auth.status !== 'CREATED') return err(422, 'UNPROCESSABLE_ENTITY', `AUTHORIZATION_ALREADY_${String(auth.status)}`);
      auth.status = m[2] === 'capture' ? 'CAPTURED' : 'VOIDED';
      const order = orders.get(auth.orderId)!;
      const unit = (order.purchase_units as Json[])[0]! as { payments: { authorizations: Json[] } };
      unit.payments.authorizations[0]!.status = auth.status;
      return m[2] === 'capture' ? { status: 201, body: { id: newId(), status: 'COMPLETED' } } : { status: 204, body: null };
    }
    return err(404, 'NOT_FOUND', `${method} ${path}`);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const send = (status: number, body: Json | null) => {
        res.writeHead(status, body ? { 'content-type': 'application/json' } : {});
        res.end(body ? JSON.stringify(body) : undefined);
      };
      if (url.pathname === '/v1/oauth2/token') {
        const expected = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.secret}`).toString('base64')}`;
        if (req.headers.authorization !== expected || !raw.includes('grant_type=client_credentials')) return send(401, { error: 'invalid_client' });
        const token = `A21AA${newId()}`;
        tokens.add(token);
        return send(200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
      }
      if (!tokens.has((req.headers.authorization ?? '').replace('Bearer ', ''))) return send(401, { name: 'AUTHENTICATION_FAILURE' });
      const body = raw ? (JSON.parse(raw) as Json) : null;
      const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : undefined;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, requestId, body });
      const key = requestId && req.method === 'POST' ? `${url.pathname}:${requestId}` : undefined;
      const answer = (key && requestIds.get(key)) || route(req.method ?? 'GET', url.pathname, body);
      if (key && !requestIds.has(key)) requestIds.set(key, answer);
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    requests,
    approve(orderId) {
      const order = orders.get(orderId);
      if (!order || order.status !== 'CREATED') throw new Error(`Order ${orderId} cannot be approved`);
      order.status = 'APPROVED';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
