// A remote's area as single-spa sees it: lifecycles that load the remote on first mount, draw the
// shell's skeleton meanwhile, show the fallback when the remote fails or does not answer in time,
// and try again on the retry button and on every later navigation, swapping the remote in without
// a full reload as soon as it answers (requirements#performance).

/** The part of a single-spa application's lifecycles this wrapper drives. */
export interface AppLifecycles<P> {
  bootstrap(props: P): Promise<unknown>;
  mount(props: P): Promise<unknown>;
  unmount(props: P): Promise<unknown>;
}

/** Something drawn into the area; calling it removes it again. */
export type Removal = () => void;

export interface RecoveringAppOptions<P> {
  /** Loads the remote's app module (may hang, may reject). */
  load(): Promise<AppLifecycles<P>>;
  /** Forgets a failed or abandoned attempt so the next load asks the network again. */
  forget(): void;
  /** How long a load may take before the fallback shows (the load goes on meanwhile). */
  timeoutMs: number;
  skeleton(props: P): Removal;
  fallback(props: P, retry: () => void): Removal;
  /** Calls back on every in-app navigation; returns the unsubscribe. */
  onNavigation(listener: () => void): () => void;
  /** Reports a failed attempt (console in the browser). */
  report?(error: unknown): void;
}

type View = { kind: 'none' } | { kind: 'skeleton' | 'fallback'; remove: Removal } | { kind: 'remote' };

export function recoveringApp<P>(options: RecoveringAppOptions<P>): AppLifecycles<P> {
  let remote: AppLifecycles<P> | null = null;
  /** The props of the current mount, or null while unmounted. */
  let mounted: P | null = null;
  /** The props single-spa gave last (bootstrap of a remote that answers while unmounted). */
  let lastProps: P | null = null;
  let view: View = { kind: 'none' };
  /** The attempt whose result counts; older ones are abandoned. */
  let attempt = 0;
  let inflight: { id: number; startedAt: number; timedOut: boolean } | null = null;
  let stopListening: (() => void) | null = null;

  const show = (next: View) => {
    if (view.kind === 'skeleton' || view.kind === 'fallback') view.remove();
    view = next;
  };

  const listenWhileFallback = () => {
    stopListening ??= options.onNavigation(() => retry());
  };
  const stopListeningNow = () => {
    stopListening?.();
    stopListening = null;
  };

  async function swapIn(lifecycles: AppLifecycles<P>): Promise<void> {
    await lifecycles.bootstrap(lastProps as P);
    remote = lifecycles;
    stopListeningNow();
    if (mounted === null) return;
    show({ kind: 'none' });
    await remote.mount(mounted);
    view = { kind: 'remote' };
  }

  function showFallback() {
    if (mounted === null || remote) return;
    const props = mounted;
    show({ kind: 'fallback', remove: options.fallback(props, () => retry()) });
    listenWhileFallback();
  }

  /** Starts a load; the first answer of the current attempt wins, a timeout shows the fallback. */
  function start(): void {
    const id = ++attempt;
    const started = { id, startedAt: Date.now(), timedOut: false };
    inflight = started;
    if (mounted !== null) show({ kind: 'skeleton', remove: options.skeleton(mounted) });
    const timer = setTimeout(() => {
      started.timedOut = true;
      if (attempt === id && !remote) showFallback();
    }, options.timeoutMs);
    options.load().then(
      (lifecycles) => {
        clearTimeout(timer);
        if (inflight === started) inflight = null;
        if (remote || attempt !== id) return;
        return swapIn(lifecycles);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (inflight === started) inflight = null;
        options.report?.(error);
        if (attempt !== id || remote) return;
        options.forget();
        showFallback();
      },
    );
  }

  /** Retry button and navigation while the fallback shows: a still-pending attempt past its timeout is abandoned. */
  function retry(): void {
    if (remote || mounted === null) return;
    if (inflight && !inflight.timedOut) return;
    if (inflight) {
      inflight = null;
      options.forget();
    }
    start();
  }

  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      mounted = props;
      lastProps = props;
      if (remote) {
        await remote.mount(props);
        view = { kind: 'remote' };
        return;
      }
      if (inflight) {
        // Still loading from an earlier visit: skeleton until it answers, fallback if it already timed out.
        if (inflight.timedOut) retry();
        else show({ kind: 'skeleton', remove: options.skeleton(props) });
        return;
      }
      start();
    },
    unmount: async (props) => {
      const wasRemote = view.kind === 'remote';
      stopListeningNow();
      show({ kind: 'none' });
      mounted = null;
      if (wasRemote && remote) await remote.unmount(props);
    },
  };
}
