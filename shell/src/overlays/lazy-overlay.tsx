import { useEffect, useRef, useState, type ComponentType } from 'react';
import { emit, on, type BusTopic, type BusTopics } from '@shop/shared/bus';

/**
 * An overlay whose code loads when it is first asked for (docs/requirements.md#perf-js-budget): a
 * small listener waits on the bus topic, loads the component, and hands it the request that woke it
 * (emitted again once the component listens: its effect runs before this wrapper's).
 */
export function lazyOnTopic(topic: BusTopic, load: () => Promise<ComponentType>): ComponentType {
  function LazyOverlay() {
    const [Component, setComponent] = useState<ComponentType | null>(null);
    // A failed load (offline) listens again: the next request tries once more.
    const [attempt, setAttempt] = useState(0);
    const pending = useRef<{ payload: BusTopics[BusTopic] } | null>(null);
    useEffect(() => {
      if (Component) return undefined;
      let alive = true;
      const sub = on(topic).subscribe((payload) => {
        pending.current = { payload };
        sub.unsubscribe();
        void load().then(
          (loaded) => {
            if (alive) setComponent(() => loaded);
          },
          (error: unknown) => {
            console.error(`[shell] overlay for ${topic} failed to load`, error);
            if (alive) setAttempt((n) => n + 1);
          },
        );
      });
      return () => {
        alive = false;
        sub.unsubscribe();
      };
    }, [Component, attempt]);
    useEffect(() => {
      if (!Component || !pending.current) return;
      const { payload } = pending.current;
      pending.current = null;
      emit(topic, payload);
    }, [Component]);
    return Component ? <Component /> : null;
  }
  LazyOverlay.displayName = `Lazy(${topic})`;
  return LazyOverlay;
}
