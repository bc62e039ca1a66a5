import { loadConfig } from './config';
import { createLogger, routeConsoleTo } from './ops/logger';
import { installShutdown } from './ops/shutdown';
import { describePayments } from './payments/registry';
import { createApi } from './server';

// One JSON log from the first line on: also console output and start-up failures (secrets scrubbed).
const logger = createLogger({ level: process.env.LOG_LEVEL ?? 'warn' });
routeConsoleTo(logger);
process.on('uncaughtException', (error) => {
  logger.fatal({ err: error }, 'uncaught exception: exiting');
  logger.flush();
  process.exit(1);
});
// A stray rejected promise is a bug to fix, not a reason to drop every guest of this instance.
process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));

try {
  const config = loadConfig();
  // A configuration the shop must not run with (production without payment keys, with the Auth
  // emulator, …) throws here and is logged as the reason the API did not start.
  const api = await createApi(config, { logger });
  // A deep accept queue: after a deploy or a Redis blip thousands of streams reconnect at once (the OS caps it).
  await api.app.listen({ port: config.port, host: config.host, backlog: 4096 });
  installShutdown(api, { timeoutMs: config.ops.shutdownTimeoutMs, logger });
  const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  // Warn level: the start line (with the payment mode and where mails go) is seen at the default LOG_LEVEL.
  logger.warn(
    { port: config.port, database: api.database.driver, ...(config.databaseUrl ? {} : { pgliteDir: config.pgliteDir }) },
    `Street Food shop is running: http://${shown}:${config.port}/ — ${describePayments(config)}; ${api.mail.describe()}`,
  );
} catch (error) {
  logger.fatal({ err: error }, 'the API could not start');
  logger.flush();
  process.exit(1);
}
