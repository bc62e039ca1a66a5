import type { Logger } from './logger';

export interface Drainable {
  /** Not ready, streams closed with a retry hint; returns the number of streams. */
  drain(): number;
  /** Stops accepting, finishes in-flight requests, closes the dependencies. */
  close(): Promise<void>;
  /** The step close() is in, for the report when it takes too long. */
  readonly closing?: string;
}

/**
 * Graceful shutdown on SIGTERM (and SIGINT): report not-ready and close every open stream with a
 * retry hint (its client reconnects to another instance), stop accepting, let in-flight requests
 * finish, close database and Redis, exit 0. Whatever hangs, the process exits (1) after `timeoutMs`.
 * A second signal exits at once.
 */
export function installShutdown(
  api: Drainable,
  options: { timeoutMs: number; logger: Logger; exit?: (code: number) => void; signals?: readonly NodeJS.Signals[] },
): { shutdown: (signal: string) => Promise<void> } {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let started = false;
  const shutdown = async (signal: string) => {
    if (started) {
      options.logger.warn(`${signal} again: exiting now`);
      exit(1);
      return;
    }
    started = true;
    const deadline = setTimeout(() => {
      options.logger.error(`shutdown did not finish within ${options.timeoutMs} ms (still closing: ${api.closing ?? 'unknown'}): exiting`);
      exit(1);
    }, options.timeoutMs);
    try {
      const streams = api.drain();
      options.logger.info({ streams }, `${signal}: draining (not ready, ${streams} stream(s) told to reconnect elsewhere)`);
      await api.close();
      options.logger.info('shut down cleanly');
      clearTimeout(deadline);
      exit(0);
    } catch (error) {
      options.logger.error({ err: error }, 'shutdown failed');
      clearTimeout(deadline);
      exit(1);
    }
  };
  for (const signal of options.signals ?? (['SIGTERM', 'SIGINT'] as const)) process.on(signal, () => void shutdown(signal));
  return { shutdown };
}
