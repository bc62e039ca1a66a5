/** Runs the deploy command `argv` (without node and the script) with this output and environment; resolves with its exit code. */
export function main(
  argv: string[],
  io?: { log?: (...parts: unknown[]) => void; error?: (...parts: unknown[]) => void; env?: NodeJS.ProcessEnv },
): Promise<number>;
