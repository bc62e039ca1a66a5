import { describe, expect, it } from 'vitest';
import { openLiveStream, type LiveStreamDeps, type LiveStreamRequest } from './live-stream';

/** A fake EventSource: the test drives its events and errors. */
class FakeSource {
  closed = false;
  onerror: (() => void) | null = null;
  readonly listeners = new Map<string, ((e: Event) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(name: string, listener: (e: Event) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    for (const l of this.listeners.get(name) ?? []) l({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  fail() {
    this.onerror?.();
  }
}

function harness(options: { refuse?: number } = {}) {
  const sources: FakeSource[] = [];
  const timers: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const tickets: LiveStreamRequest[] = [];
  let online = true;
  let net: { on: () => void; off: () => void } = { on: () => {}, off: () => {} };
  let n = 0;
  const deps: LiveStreamDeps = {
    issueTicket: async (request) => {
      tickets.push(request);
      if (options.refuse) return { ok: false, status: 401 };
      n++;
      return { ok: true, ticket: `ticket-${n}-aaaaaaaaaaaaaaaaaaaa`, expiresAt: 0, events: request.channels, refused: [] };
    },
    openSource: (url) => {
      const s = new FakeSource(url);
      sources.push(s);
      return s as unknown as EventSource;
    },
    setTimeout: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (timer) => {
      (timer as { cancelled: boolean }).cancelled = true;
    },
    random: () => 1,
    online: () => online,
    watchNetwork: (on, off) => {
      net = { on, off };
      return () => undefined;
    },
  };
  const flush = () => new Promise((r) => setTimeout(r, 0));
  const fireTimer = async () => {
    const timer = timers.filter((t) => !t.cancelled).at(-1)!;
    timer.cancelled = true;
    timer.run();
    await flush();
    return timer.ms;
  };
  return {
    deps,
    sources,
    timers,
    tickets,
    flush,
    fireTimer,
    goOffline: () => {
      online = false;
      net.off();
    },
    goOnline: () => {
      online = true;
      net.on();
    },
  };
}

describe('openLiveStream (docs/requirements.md#live-updates-heal)', () => {
  it('opens with a ticket, never a token, and reopens with backoff and a new ticket after each drop, refetching when live again', async () => {
    const h = harness();
    const lives: boolean[] = [];
    const events: string[] = [];
    let downs = 0;
    openLiveStream({
      request: () => ({ channels: ['staff'] }),
      onLive: (reconnected) => lives.push(reconnected),
      onDown: () => downs++,
      onEvent: (name, e) => events.push(`${name}:${e.type}`),
      deps: h.deps,
    });
    await h.flush();
    expect(h.sources).toHaveLength(1);
    expect(h.sources[0]!.url).toBe('/api/events?ticket=ticket-1-aaaaaaaaaaaaaaaaaaaa');
    h.sources[0]!.emit('staff', { type: 'hello', at: 1 });
    expect(lives).toEqual([false]);

    // Three drops in a row: waits grow (random 1: the top of each window) and each attempt takes a new ticket.
    h.sources[0]!.fail();
    expect(h.sources[0]!.closed).toBe(true);
    expect(await h.fireTimer()).toBe(1_000);
    h.sources[1]!.fail();
    expect(await h.fireTimer()).toBe(2_000);
    h.sources[2]!.fail();
    expect(await h.fireTimer()).toBe(4_000);
    expect(h.sources.map((s) => s.url.split('=')[1]!.slice(0, 8))).toEqual(['ticket-1', 'ticket-2', 'ticket-3', 'ticket-4']);
    expect(downs).toBe(3);

    // Live again: the caller refetches, and the backoff starts over.
    h.sources[3]!.emit('staff', { type: 'hello', at: 2 });
    expect(lives).toEqual([false, true]);
    h.sources[3]!.emit('staff', { type: 'hello', at: 2 });
    expect(lives).toEqual([false, true]);
    h.sources[3]!.fail();
    expect(await h.fireTimer()).toBe(1_000);
    expect(events).toEqual(['staff:hello', 'staff:hello', 'staff:hello']);
  });

  it('caps the wait however long the server stays away', async () => {
    const h = harness();
    openLiveStream({ request: () => ({ channels: ['staff'] }), deps: h.deps });
    await h.flush();
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      h.sources.at(-1)!.fail();
      waits.push(await h.fireTimer());
    }
    expect(Math.max(...waits)).toBe(30_000);
    expect(waits.slice(-3)).toEqual([30_000, 30_000, 30_000]);
  });

  it('closes when the browser goes offline and reconnects at once when it is back', async () => {
    const h = harness();
    const lives: boolean[] = [];
    openLiveStream({
      request: () => ({ channels: ['shop'], orders: [{ uniqueOrderId: 'o1', accessToken: 'secret' }] }),
      onLive: (r) => lives.push(r),
      deps: h.deps,
    });
    await h.flush();
    h.sources[0]!.emit('shop', { type: 'hello', at: 1 });
    h.goOffline();
    expect(h.sources[0]!.closed).toBe(true);
    h.goOnline();
    await h.flush();
    expect(h.sources).toHaveLength(2);
    expect(h.sources[1]!.url).not.toContain('secret');
    h.sources[1]!.emit('shop', { type: 'hello', at: 2 });
    expect(lives).toEqual([false, true]);
  });

  it('needs no ticket for the public shop channel alone', async () => {
    const h = harness();
    openLiveStream({ request: () => ({ channels: ['shop'] }), deps: h.deps });
    await h.flush();
    expect(h.tickets).toEqual([]);
    expect(h.sources[0]!.url).toBe('/api/events');
  });

  it('stops on a refused ticket when the caller says so, and keeps trying when it does not', async () => {
    const stopping = harness({ refuse: 401 });
    const refusals: number[] = [];
    openLiveStream({ request: () => ({ channels: ['staff'] }), onRefused: (s) => (refusals.push(s), false), deps: stopping.deps });
    await stopping.flush();
    expect(refusals).toEqual([401]);
    expect(stopping.timers).toEqual([]);
    const trying = harness({ refuse: 401 });
    openLiveStream({ request: () => ({ channels: ['staff'] }), onRefused: () => true, deps: trying.deps });
    await trying.flush();
    expect(trying.timers.filter((t) => !t.cancelled)).toHaveLength(1);
  });

  it('pause and close stop reconnecting', async () => {
    const h = harness();
    const stream = openLiveStream({ request: () => ({ channels: ['staff'] }), deps: h.deps });
    await h.flush();
    stream.pause();
    expect(h.sources[0]!.closed).toBe(true);
    h.sources[0]!.fail();
    expect(h.timers.filter((t) => !t.cancelled)).toEqual([]);
    stream.reopen();
    await h.flush();
    expect(h.sources).toHaveLength(2);
    stream.close();
    h.goOnline();
    await h.flush();
    expect(h.sources).toHaveLength(2);
  });
});
