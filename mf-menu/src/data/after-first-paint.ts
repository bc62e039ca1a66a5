import { useEffect, useState } from 'react';

/** The longest a below-the-fold part waits for an idle moment. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * False for the first render, true once the browser is idle after it (docs/requirements.md#perf-lighthouse):
 * what lies below the fold renders in a task of its own, after the page's largest paint, instead of
 * lengthening the task that shows the page.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setReady(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setReady(true), 50);
    return () => window.clearTimeout(timer);
  }, []);
  return ready;
}
