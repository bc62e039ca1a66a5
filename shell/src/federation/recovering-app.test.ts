import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recoveringApp, type AppLifecycles } from './recovering-app';

interface Props {
  name: string;
}

/** A remote load the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup() {
  const drawn: string[] = [];
  const loads: ReturnType<typeof deferred<AppLifecycles<Props>>>[] = [];
  const navigationListeners = new Set<() => void>();
  const retryButtons: (() => void)[] = [];
  const remote = {
    bootstrap: vi.fn(async () => undefined),
    mount: vi.fn(async () => {
      drawn.push('remote');
    }),
    unmount: vi.fn(async () => {
      drawn.splice(drawn.indexOf('remote'), 1);
    }),
  };
  const forget = vi.fn();
  const app = recoveringApp<Props>({
    load: () => {
      const load = deferred<AppLifecycles<Props>>();
      loads.push(load);
      return load.promise;
    },
    forget,
    timeoutMs: 8000,
    skeleton: () => {
      drawn.push('skeleton');
      return () => drawn.splice(drawn.indexOf('skeleton'), 1);
    },
    fallback: (_props, retry) => {
      drawn.push('fallback');
      retryButtons.push(retry);
      return () => drawn.splice(drawn.indexOf('fallback'), 1);
    },
    onNavigation: (listener) => {
      navigationListeners.add(listener);
      return () => navigationListeners.delete(listener);
    },
  });
  const navigate = () => navigationListeners.forEach((listener) => listener());
  const settle = () => vi.advanceTimersByTimeAsync(0);
  return { app, drawn, loads, remote, forget, retryButtons, navigate, navigationListeners, settle };
}

const props = { name: 'mf_checkout' };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a remote area that recovers', () => {
  it('draws the skeleton at once and swaps the remote in when it answers', async () => {
    const t = setup();
    await t.app.bootstrap(props);
    await t.app.mount(props);
    expect(t.drawn).toEqual(['skeleton']);
    t.loads[0]!.resolve(t.remote);
    await t.settle();
    expect(t.drawn).toEqual(['remote']);
    expect(t.remote.bootstrap).toHaveBeenCalledTimes(1);
    await t.app.unmount(props);
    expect(t.drawn).toEqual([]);
    await t.app.mount(props);
    expect(t.loads).toHaveLength(1);
    expect(t.drawn).toEqual(['remote']);
  });

  it('a hanging remote shows the fallback after the timeout; the late answer still swaps it in', async () => {
    const t = setup();
    await t.app.mount(props);
    await vi.advanceTimersByTimeAsync(7999);
    expect(t.drawn).toEqual(['skeleton']);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.drawn).toEqual(['fallback']);
    t.loads[0]!.resolve(t.remote);
    await t.settle();
    expect(t.drawn).toEqual(['remote']);
    expect(t.navigationListeners.size).toBe(0);
  });

  it('after a failure the next navigation tries again from the network and recovers without a reload', async () => {
    const t = setup();
    await t.app.mount(props);
    t.loads[0]!.reject(new Error('entry refused'));
    await t.settle();
    expect(t.drawn).toEqual(['fallback']);
    expect(t.forget).toHaveBeenCalledTimes(1);
    t.navigate();
    expect(t.loads).toHaveLength(2);
    expect(t.drawn).toEqual(['skeleton']);
    t.loads[1]!.resolve(t.remote);
    await t.settle();
    expect(t.drawn).toEqual(['remote']);
  });

  it('the retry button abandons an attempt that is past its timeout and asks again', async () => {
    const t = setup();
    await t.app.mount(props);
    await vi.advanceTimersByTimeAsync(8000);
    expect(t.drawn).toEqual(['fallback']);
    t.retryButtons[0]!();
    expect(t.forget).toHaveBeenCalledTimes(1);
    expect(t.loads).toHaveLength(2);
    // The abandoned attempt answering late changes nothing; the current one counts.
    t.loads[0]!.reject(new Error('late failure'));
    await t.settle();
    expect(t.drawn).toEqual(['skeleton']);
    t.loads[1]!.resolve(t.remote);
    await t.settle();
    expect(t.drawn).toEqual(['remote']);
  });

  it('navigating away and back while the fallback shows retries on the new mount', async () => {
    const t = setup();
    await t.app.mount(props);
    t.loads[0]!.reject(new Error('down'));
    await t.settle();
    await t.app.unmount(props);
    expect(t.drawn).toEqual([]);
    expect(t.navigationListeners.size).toBe(0);
    await t.app.mount(props);
    expect(t.loads).toHaveLength(2);
    expect(t.drawn).toEqual(['skeleton']);
  });

  it('a remote that answers while its area is unmounted is mounted on the next visit without a new load', async () => {
    const t = setup();
    await t.app.mount(props);
    await t.app.unmount(props);
    t.loads[0]!.resolve(t.remote);
    await t.settle();
    expect(t.drawn).toEqual([]);
    expect(t.remote.mount).not.toHaveBeenCalled();
    await t.app.mount(props);
    expect(t.drawn).toEqual(['remote']);
    expect(t.loads).toHaveLength(1);
  });
});
