import type { ServerEvent } from '@shop/shared/contract';
import { metrics, countStreams } from '../ops/metrics';

/**
 * Every open event stream of one API instance (GET /api/events), so that all of them can be told at
 * once to reconnect and refetch (requirements#operations): when the event transport is lost or regained (events
 * published meanwhile may be missed) and on shutdown. A stream is ended with a final `resync` event
 * on each of its channels and an SSE `retry:` hint; the browser's EventSource reconnects after it
 * (to another instance behind the balancer) and a fresh `hello` makes the page fetch what it shows.
 * No `hello` while events could be missed (a hello promises that every later event arrives): while
 * the transport is away a new stream is held open without one and ended with `resync` when the
 * transport is back (held, not refused: 10,000 clients retrying every few seconds would take the
 * instances' CPU from the requests that still work); while shutting down it is ended at once.
 */
export type ResyncReason = Extract<ServerEvent, { type: 'resync' }>['reason'];

export interface StreamTarget {
  /** The SSE event names the stream listens to: the final event goes out on each. */
  readonly events: readonly string[];
  write(chunk: string): void;
  end(): void;
}

export interface StreamHandle {
  /** The stream ended (the client left): forget it. */
  remove(): void;
}

export interface StreamRegistry {
  /**
   * Registers an open stream; null when it cannot be served now: shutting down (it was told when to
   * come back and ended), or the transport is away (it is held without hello until the transport is back).
   */
  open(target: StreamTarget): StreamHandle | null;
  /** Ends every open stream with a final resync event and a retry hint; returns how many. */
  resyncAll(reason: ResyncReason): number;
  /** The event transport (Redis) is gone: open streams resync, new ones are refused until it is back. */
  transportLost(): void;
  /** The event transport is back: streams opened meanwhile resync too, new ones are served again. */
  transportRegained(): void;
  /** Shutdown: every stream resyncs (elsewhere), new ones are refused for good. */
  drain(): number;
  readonly size: number;
  close(): void;
}

/** Reconnect hints in ms (SSE `retry:`): spread, so that thousands of clients do not come back in the same instant. */
export const RETRY_HINTS: Record<ResyncReason, readonly [number, number]> = {
  // Another instance takes the stream at once.
  shutdown: [500, 2_500],
  // Redis is away: come back when it may be again.
  'transport-lost': [1_000, 3_000],
  'transport-regained': [200, 2_000],
  // The stream's grant ended (STREAM_GRANT_MS): a new ticket at once.
  reauthorize: [0, 1_000],
};

export function retryHint(reason: ResyncReason, random: () => number = Math.random): number {
  const [min, max] = RETRY_HINTS[reason];
  return Math.round(min + (max - min) * random());
}

/** The final words of a stream: the retry hint, then `{"type":"resync"}` on each of its event names. */
export function farewell(target: Pick<StreamTarget, 'events'>, reason: ResyncReason, retryMs: number): string {
  const data = JSON.stringify({ type: 'resync', reason } satisfies ServerEvent);
  return `retry: ${retryMs}\n\n${target.events.map((name) => `event: ${name}\ndata: ${data}\n\n`).join('')}`;
}

export function createStreamRegistry(): StreamRegistry {
  const open = new Set<StreamTarget>();
  /** Streams that arrived while the transport was away: no hello, no subscription; ended when it is back. */
  const held = new Set<StreamTarget>();
  let transportDown = false;
  let draining = false;
  const finish = (target: StreamTarget, reason: ResyncReason) => {
    try {
      target.write(farewell(target, reason, retryHint(reason)));
    } finally {
      target.end();
    }
  };
  const stopCounting = countStreams(() => open.size + held.size);
  return {
    open(target) {
      if (draining) {
        // Told when to come back (another instance will take it), and no hello.
        target.write(`retry: ${retryHint('shutdown')}\n\n: shutting down, reconnect\n\n`);
        target.end();
        return null;
      }
      if (transportDown) {
        target.write(': events unavailable, waiting\n\n');
        held.add(target);
        return null;
      }
      open.add(target);
      return { remove: () => open.delete(target) };
    },
    resyncAll(reason) {
      const targets = [...open, ...held];
      open.clear();
      held.clear();
      for (const target of targets) finish(target, reason);
      if (targets.length) metrics.streamResyncs.inc({ reason }, targets.length);
      return targets.length;
    },
    transportLost() {
      transportDown = true;
      this.resyncAll('transport-lost');
    },
    transportRegained() {
      transportDown = false;
      this.resyncAll('transport-regained');
    },
    drain() {
      draining = true;
      return this.resyncAll('shutdown');
    },
    get size() {
      return open.size + held.size;
    },
    close() {
      stopCounting();
    },
  };
}
