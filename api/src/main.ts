import { loadConfig } from './config';
import { createApi } from './server';

const config = loadConfig();
const api = await createApi(config);
await api.app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
console.log(
  `\n  Street Food shop is running: http://${shown}:${config.port}/\n  (database: ${api.database.driver}${config.databaseUrl ? '' : `, ${config.pgliteDir}`})\n`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void api.close().finally(() => process.exit(0));
  });
}
