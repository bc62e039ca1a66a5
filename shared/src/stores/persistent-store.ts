import { BehaviorSubject, Subject, type Observable } from 'rxjs';

/**
 * A BehaviorSubject persisted to localStorage under a team-prefixed key ('cart:items').
 * Optional time-to-live (e.g. table 2 h, selected time 2 h); other tabs' writes are picked up.
 */
export interface PersistentStore<T> {
  readonly key: string;
  readonly value$: Observable<T>;
  get(): T;
  set(value: T): void;
  update(fn: (current: T) => T): void;
  /** Back to the initial value and removes the stored copy. */
  reset(): void;
  /** When the current value was stored (ms), or null for the initial value. */
  savedAt(): number | null;
  /** Emits when the time-to-live drops a value while the page runs (found by get()). */
  readonly expired$: Observable<void>;
}

export interface StoreOptions<T> {
  ttlMs?: number;
  /** Turns a stored JSON value into T, or undefined when it is not acceptable (dropped). */
  parse?: (raw: unknown) => T | undefined;
  storage?: Storage | undefined;
  now?: () => number;
}

interface Envelope {
  v: unknown;
  at: number;
}

function defaultStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

const REGISTRY_KEY = '__shop_stores__';
const registry: Map<string, PersistentStore<unknown>> = ((globalThis as unknown as Record<string, Map<string, PersistentStore<unknown>> | undefined>)[
  REGISTRY_KEY
] ??= new Map<string, PersistentStore<unknown>>());

export function createPersistentStore<T>(key: string, initial: T, options: StoreOptions<T> = {}): PersistentStore<T> {
  const existing = registry.get(key);
  if (existing) return existing as PersistentStore<T>;

  const storage = options.storage ?? defaultStorage();
  const now = options.now ?? (() => Date.now());
  let savedAt: number | null = null;

  function read(): T {
    if (!storage) return initial;
    try {
      const raw = storage.getItem(key);
      if (raw === null) return initial;
      const env = JSON.parse(raw) as Envelope;
      if (typeof env !== 'object' || env === null || typeof env.at !== 'number') return initial;
      if (options.ttlMs !== undefined && now() - env.at > options.ttlMs) {
        storage.removeItem(key);
        return initial;
      }
      const value = options.parse ? options.parse(env.v) : (env.v as T);
      if (value === undefined) return initial;
      savedAt = env.at;
      return value;
    } catch {
      return initial;
    }
  }

  const subject = new BehaviorSubject<T>(read());
  const expired = new Subject<void>();

  function write(value: T): void {
    savedAt = now();
    try {
      storage?.setItem(key, JSON.stringify({ v: value, at: savedAt } satisfies Envelope));
    } catch {
      // Storage full or blocked: the value still lives in memory for this page.
    }
    subject.next(value);
  }

  if (typeof window !== 'undefined' && storage) {
    window.addEventListener('storage', (event) => {
      if (event.key === key) subject.next(read());
    });
  }

  const store: PersistentStore<T> = {
    key,
    value$: subject.asObservable(),
    expired$: expired.asObservable(),
    get: () => {
      // Expire lazily so that a 2 h table is gone even without a write.
      if (options.ttlMs !== undefined && savedAt !== null && now() - savedAt > options.ttlMs) {
        savedAt = null;
        storage?.removeItem(key);
        subject.next(initial);
        expired.next();
      }
      return subject.getValue();
    },
    set: write,
    update: (fn) => write(fn(store.get())),
    reset: () => {
      savedAt = null;
      try {
        storage?.removeItem(key);
      } catch {
        /* ignore */
      }
      subject.next(initial);
    },
    savedAt: () => savedAt,
  };
  registry.set(key, store);
  return store;
}

/** @public (runtime-part API) Test helper: forget all stores (each test gets fresh ones). */
export function resetStoreRegistry(): void {
  registry.clear();
}
