// A live event stream that heals (docs/requirements.md#live-updates-heal): GET /api/events opened
// with a fresh single-use stream ticket (IssueStreamTicket; no credential in the URL), reopened with
// exponential backoff and jitter after every drop (a new ticket each time, so an ID token that was
// renewed meanwhile is used), at once when the browser is back online, and each time it is live again
// the caller is told to fetch what it shows, so no change made during the drop is lost.
import type { ActionPayload } from '../contract/actions';
import { SHOP_CHANNEL } from '../contract/channels';
import { reconnectDelayMs } from '../domain/reconnect';
import { ActionCallError, type ActionOutcome } from '@shop/shared/client-runtime';

export type LiveStreamRequest = ActionPayload<'IssueStreamTicket'>;

export interface LiveStreamEvent {
  type: string;
  [key: string]: unknown;
}

/** What the stream needs from the page; tests give fakes. */
export interface LiveStreamDeps {
  issueTicket: (request: LiveStreamRequest) => Promise<ActionOutcome<'IssueStreamTicket'>>;
  openSource: (url: string) => EventSource;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
  random: () => number;
  online: () => boolean;
  /** Registers online/offline listeners; returns their removal. */
  watchNetwork: (onOnline: () => void, onOffline: () => void) => () => void;
}

export interface LiveStreamOptions {
  /** What to follow, asked at every (re)connect (the followed orders or the token may have changed). */
  request: () => LiveStreamRequest | Promise<LiveStreamRequest>;
  /** Every event of the stream, by its SSE event name (hello and resync included). */
  onEvent?: (name: string, event: LiveStreamEvent) => void;
  /**
   * The stream is subscribed (its first hello): fetch what the page shows. `reconnected` is false
   * only for the very first connection of this stream.
   */
  onLive?: (reconnected: boolean) => void;
  /** The stream dropped (or the browser went offline); it is being reopened. */
  onDown?: () => void;
  /**
   * The ticket was refused (401: not signed in any more, 403: no right to a channel). Return true to
   * keep trying with backoff (a renewed sign-in may help), false to stop.
   */
  onRefused?: (status: number) => boolean;
  deps: LiveStreamDeps;
}

export interface LiveStream {
  /** Reopen now with a new request (what to follow changed, or the page became visible). */
  reopen(): void;
  /** Close until reopen() (a hidden page). */
  pause(): void;
  /** Close for good. */
  close(): void;
  readonly live: boolean;
}

const needsTicket = (request: LiveStreamRequest) =>
  request.channels.some((c) => c !== SHOP_CHANNEL) || (request.orders?.length ?? 0) > 0 || request.push !== undefined;

function refusalStatus(error: unknown, outcome?: ActionOutcome<'IssueStreamTicket'>): number | null {
  if (outcome && !outcome.ok) return outcome.status === 401 ? 401 : null;
  if (error instanceof ActionCallError && (error.status === 401 || error.status === 403)) return error.status;
  return null;
}

export function openLiveStream(options: LiveStreamOptions): LiveStream {
  const { deps } = options;
  let source: EventSource | null = null;
  let timer: unknown = null;
  let attempt = 0;
  let generation = 0;
  let live = false;
  let everLive = false;
  let running = true;
  let disposed = false;

  const stopSource = () => {
    if (timer !== null) deps.clearTimeout(timer);
    timer = null;
    source?.close();
    source = null;
    const wasLive = live;
    live = false;
    return wasLive;
  };

  const schedule = (mine: number) => {
    if (!running || mine !== generation) return;
    const delay = reconnectDelayMs(attempt++, deps.random);
    timer = deps.setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
  };

  const down = (mine: number) => {
    options.onDown?.();
    schedule(mine);
  };

  const connect = async (): Promise<void> => {
    stopSource();
    const mine = ++generation;
    if (!running) return;
    // Offline: nothing to try now; the 'online' listener reconnects.
    if (!deps.online()) return options.onDown?.();
    let url = '/api/events';
    let events: readonly string[] = [SHOP_CHANNEL];
    try {
      const request = await options.request();
      if (mine !== generation) return;
      if (needsTicket(request)) {
        const outcome = await deps.issueTicket(request);
        if (mine !== generation) return;
        if (!outcome.ok) {
          const status = refusalStatus(null, outcome);
          if (status && options.onRefused && !options.onRefused(status)) return;
          return down(mine);
        }
        url = `/api/events?ticket=${encodeURIComponent(outcome.ticket)}`;
        events = outcome.events;
      }
    } catch (error) {
      if (mine !== generation) return;
      const status = refusalStatus(error);
      if (status && options.onRefused && !options.onRefused(status)) return;
      return down(mine);
    }
    const opened = deps.openSource(url);
    source = opened;
    const listener = (name: string) => (message: Event) => {
      if (source !== opened) return;
      let data: LiveStreamEvent;
      try {
        data = JSON.parse((message as MessageEvent<string>).data) as LiveStreamEvent;
      } catch {
        return;
      }
      if (typeof data !== 'object' || data === null || typeof data.type !== 'string') return;
      if (data.type === 'hello' && !live) {
        live = true;
        attempt = 0;
        const reconnected = everLive;
        everLive = true;
        options.onLive?.(reconnected);
      }
      options.onEvent?.(name, data);
    };
    for (const name of events) opened.addEventListener(name, listener(name));
    // A drop, an error answer (a used ticket, a balancer's 502) or the end of the stream (resync):
    // the browser would reconnect with the same, spent ticket; this stream does it with a new one.
    opened.onerror = () => {
      if (source !== opened) return;
      opened.close();
      source = null;
      live = false;
      down(mine);
    };
  };

  const stopWatching = deps.watchNetwork(
    () => {
      if (!running || live) return;
      attempt = 0;
      void connect();
    },
    () => {
      if (!running) return;
      // Nothing can arrive now: show it, and start over once the network is back.
      generation++;
      stopSource();
      options.onDown?.();
    },
  );

  void connect();
  return {
    reopen() {
      if (disposed) return;
      running = true;
      attempt = 0;
      void connect();
    },
    pause() {
      running = false;
      generation++;
      stopSource();
    },
    close() {
      disposed = true;
      running = false;
      generation++;
      stopSource();
      stopWatching();
    },
    get live() {
      return live;
    },
  };
}

/** The browser's EventSource, timers, randomness and network events. */
export function browserLiveStreamDeps(issueTicket: LiveStreamDeps['issueTicket']): LiveStreamDeps {
  return {
    issueTicket,
    openSource: (url) => new EventSource(url),
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
    clearTimeout: (timer) => globalThis.clearTimeout(timer as ReturnType<typeof setTimeout>),
    random: Math.random,
    online: () => (typeof navigator === 'undefined' ? true : navigator.onLine),
    watchNetwork: (onOnline, onOffline) => {
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      return () => {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      };
    },
  };
}
