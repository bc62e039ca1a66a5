import { useEffect, useState, useSyncExternalStore } from 'react';
import type { BehaviorSubject, Observable } from 'rxjs';
import type { PersistentStore } from '../stores/persistent-store';

/** Current value of a store or BehaviorSubject, re-rendering on change. */
export function useStore<T>(store: PersistentStore<T> | BehaviorSubject<T>): T {
  const source$: Observable<T> = 'value$' in store ? store.value$ : store;
  const get = () => ('value$' in store ? store.get() : store.getValue());
  return useSyncExternalStore(
    (onChange) => {
      const sub = source$.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    get,
    get,
  );
}

/** Latest value of any observable (initial until it emits). */
export function useObservable<T>(source$: Observable<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const sub = source$.subscribe(setValue);
    return () => sub.unsubscribe();
  }, [source$]);
  return value;
}

export type AsyncState<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: unknown };

/** Runs an async loader when deps change; ignores results of stale runs. */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    setState({ status: 'loading' });
    load().then(
      (value) => alive && setState({ status: 'ready', value }),
      (error: unknown) => alive && setState({ status: 'error', error }),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}
