// Clients of a running cluster (scripts/lib/cluster.mjs) over real HTTP, as browsers use it: actions
// with the checkout's retry, event streams that reconnect like EventSource, a guest's order page and
// a local redis-server of the test's own. Used by api/test/cluster-faults.test.ts.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CONTRACT_VERSION, type ActionName, type Menu, type OrderDraftInput } from '@shop/shared/contract';

export interface HttpAnswer {
  status: number;
  body: Record<string, unknown> & { ok?: boolean };
}

/** POST /api/action; a refused connection or a reset is a status 0 answer. */
export async function action(
  base: string,
  name: ActionName,
  payload: unknown,
  options: { browserId?: string; token?: string; ip?: string } = {},
): Promise<HttpAnswer> {
  try {
    const res = await fetch(`${base}/api/action`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        // The guest's own address, as a proxy in front of nginx would pass it (the cluster trusts only loopback proxies).
        ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      },
      body: JSON.stringify({
        action: name,
        payload,
        channel: 'on-the-go',
        browserId: options.browserId ?? `test-browser-${crypto.randomUUID()}`,
        secToken: '',
        timeout: 10_000,
        contractVersion: CONTRACT_VERSION,
      }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let body: HttpAnswer['body'] = {};
    try {
      body = JSON.parse(text) as HttpAnswer['body'];
    } catch {
      body = { raw: text.slice(0, 200) };
    }
    return { status: res.status, body };
  } catch (error) {
    return { status: 0, body: { error: String(error) } };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Statuses the checkout retries with the same order (shared/src/client/retry.ts): none (0), 502, 503, 504. */
export const RETRIED = new Set([0, 502, 503, 504]);

/**
 * SaveNewOrder as the checkout sends it: the same clientId on every try, retried on a lost
 * connection or 502/503/504 (more patiently than a guest: a test must end with an answer). Every
 * answer is recorded.
 */
export async function saveOrder(base: string, draft: OrderDraftInput, browserId: string, answers: number[] = [], ip = guestIp()): Promise<HttpAnswer> {
  for (let attempt = 0; ; attempt++) {
    const captcha = await solvedCaptcha(base, browserId, ip);
    const res = await action(base, 'SaveNewOrder', { order: { ...draft, captcha } }, { browserId, ip });
    answers.push(res.status);
    if (!RETRIED.has(res.status) || attempt >= 40) return res;
    await sleep(250);
  }
}

/** The human check of an order paid on site, solved as the browser does. */
async function solvedCaptcha(base: string, browserId: string, ip: string): Promise<{ payload: string }> {
  const { solveCashCaptcha } = await import('./captcha');
  for (let attempt = 0; ; attempt++) {
    const issued = await action(base, 'GetCashCaptcha', {}, { browserId, ip });
    if (issued.status === 200) return solveCashCaptcha(issued.body.challenge);
    if (!RETRIED.has(issued.status) || attempt >= 40) throw new Error(`GetCashCaptcha: ${issued.status} ${JSON.stringify(issued.body)}`);
    await sleep(250);
  }
}

/** A guest's own address (documentation range 198.18.0.0/15), so that the per-IP rate limits count each guest apart. */
export function guestIp(): string {
  const n = crypto.randomInt(0, 2 ** 17);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** The food menu as a guest loads it (retried like the shell while an instance starts). */
export async function foodMenu(base: string): Promise<Menu> {
  for (let attempt = 0; ; attempt++) {
    const res = await action(base, 'PullFoodMenu', {});
    if (res.status === 200) return res.body.menu as Menu;
    if (attempt >= 40) throw new Error(`PullFoodMenu: ${res.status}`);
    await sleep(250);
  }
}

/** An ID token of the Auth emulator's staff account (custom claim staff: true). */
export async function staffIdToken(emulatorHost: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, returnSecureToken: true }),
  });
  const json = (await res.json()) as { idToken?: string };
  if (!json.idToken) throw new Error(`staff sign-in failed: ${JSON.stringify(json)}`);
  return json.idToken;
}

export interface StreamEvent {
  event: string;
  data: { type: string; [key: string]: unknown };
}

/**
 * GET /api/events as the browser's EventSource uses it: a stream that ends is opened again after the
 * last `retry:` hint (a refused connection or a 5xx after a second, as the shell does); every event,
 * hello and resync is recorded. `onEvent` sees each one.
 */
/**
 * A URL getter for EventStream as the browser gets it: a fresh single-use stream ticket
 * (IssueStreamTicket, the ID token in the header) for every connection; null when none is issued now.
 */
export function ticketedStreamUrl(
  base: string,
  payload: { channels: string[]; orders?: { uniqueOrderId: string; accessToken: string }[]; push?: string },
  token?: string,
): () => Promise<string | null> {
  return async () => {
    const res = await action(base, 'IssueStreamTicket', payload, token ? { token } : {});
    const ticket = res.status === 200 ? (res.body.ticket as string | undefined) : undefined;
    return ticket ? `${base}/api/events?ticket=${encodeURIComponent(ticket)}` : null;
  };
}

export class EventStream {
  readonly events: StreamEvent[] = [];
  hellos = 0;
  resyncs = 0;
  /** The current connection is open and subscribed (it got its hello). */
  live = false;
  connections = 0;
  retryHints: number[] = [];
  private retryMs = 3000;
  private request: http.ClientRequest | null = null;
  private closed = false;

  constructor(
    /** The stream's URL, or how to get one for each connection (a new stream ticket each time). */
    private readonly url: string | (() => Promise<string | null>),
    private readonly onEvent: (event: StreamEvent) => void = () => undefined,
  ) {
    void this.open();
  }

  private async open(): Promise<void> {
    if (this.closed) return;
    const url = typeof this.url === 'string' ? this.url : await this.url().catch(() => null);
    if (this.closed) return;
    if (url === null) return this.again(1000);
    let buffer = '';
    let finished = false;
    /** One reconnect per connection, however it ended. */
    const finish = (ms: number) => {
      if (finished) return;
      finished = true;
      this.again(ms);
    };
    const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        res.on('end', () => finish(1000));
        res.on('error', () => finish(1000));
        return;
      }
      this.connections++;
      this.live = false;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      });
      res.on('end', () => finish(this.retryMs));
      res.on('error', () => finish(this.retryMs));
      res.on('close', () => finish(this.retryMs));
    });
    request.on('error', () => finish(1000));
    this.request = request;
  }

  private again(ms: number): void {
    this.request = null;
    this.live = false;
    if (!this.closed) setTimeout(() => void this.open(), ms).unref();
  }

  private parse(block: string): void {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('retry:')) {
        this.retryMs = Number(line.slice(6).trim());
        this.retryHints.push(this.retryMs);
      } else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trim());
    }
    if (!data.length) return;
    const parsed = { event, data: JSON.parse(data.join('\n')) as StreamEvent['data'] };
    if (parsed.data.type === 'hello') {
      this.hellos++;
      this.live = true;
    }
    if (parsed.data.type === 'resync') this.resyncs++;
    this.events.push(parsed);
    this.onEvent(parsed);
  }

  close(): void {
    this.closed = true;
    this.request?.destroy();
  }
}

/**
 * A guest's order page: follows the order's channel and, like the shell, fetches the order on every
 * hello (whatever happened while it was not connected) and on every orderUpdated; `state` is what
 * the page shows.
 */
export class OrderPage {
  state: string | undefined;
  readonly stream: EventStream;
  private fetching = Promise.resolve();

  constructor(
    private readonly base: string,
    readonly order: { uniqueOrderId: string; accessToken: string },
  ) {
    const channel = `order${order.uniqueOrderId}`;
    this.stream = new EventStream(
      ticketedStreamUrl(base, { channels: ['shop'], orders: [{ uniqueOrderId: order.uniqueOrderId, accessToken: order.accessToken }] }),
      (e) => {
        if (e.event === channel && (e.data.type === 'hello' || e.data.type === 'orderUpdated')) this.refetch();
      },
    );
  }

  private refetch(): void {
    this.fetching = this.fetching.then(async () => {
      for (let attempt = 0; attempt < 40; attempt++) {
        const res = await action(this.base, 'LoadDocs', {
          collectionName: 'orders',
          query: { uniqueOrderId: this.order.uniqueOrderId, accessToken: this.order.accessToken },
        });
        const doc = (res.body.docs as { state?: string }[] | undefined)?.[0];
        if (res.status === 200 && doc) {
          this.state = doc.state;
          return;
        }
        await sleep(250);
      }
    });
  }

  close(): void {
    this.stream.close();
  }
}

/** Polls until `check` holds (correctness, not timing: the test's own timeout bounds it). */
export async function eventually(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not reached: ${what}`);
    await sleep(100);
  }
}

/** A redis-server of the test's own (Debian's binary), on its own port, without persistence. */
export class RedisServer {
  private child: ChildProcess | null = null;
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-redis-'));

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static available(): boolean {
    return fs.existsSync('/usr/bin/redis-server');
  }

  async start(): Promise<void> {
    const child = spawn('/usr/bin/redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', this.dir], {
      stdio: 'ignore',
    });
    this.child = child;
    await eventually(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = new net.Socket();
          socket.once('connect', () => {
            socket.destroy();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
          socket.connect(this.port, '127.0.0.1');
        }),
      `redis-server on ${this.port}`,
      20_000,
    );
  }

  /** Stops it hard (as a crash or a cut would). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
