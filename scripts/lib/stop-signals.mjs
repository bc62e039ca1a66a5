// @ts-check
// Ctrl+C and SIGTERM for the long-running commands (npm start, npm run dev, npm run cluster): the
// first signal runs the command's stop once (child processes, servers), then the process exits.

/**
 * @param {() => Promise<void>} stop
 * @returns {() => boolean} whether a stop has begun (a child's exit is then expected, not an error)
 */
export function stopOnSignals(stop) {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      await stop();
      process.exit(0);
    });
  }
  return () => stopping;
}
