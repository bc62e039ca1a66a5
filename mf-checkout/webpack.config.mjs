import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@shop/shared/build';

const appDir = path.dirname(fileURLToPath(import.meta.url));

// The payment SDKs (@stripe/*, @paypal/*) are NOT shared: they stay private to this remote and are
// loaded lazily, only inside a checkout and only when keys are configured (ARCHITECTURE.md).
/** @param {{ version?: string }} [env] webpack's --env */
export default ({ version } = {}) =>
  createAppConfig({
    appDir,
    name: 'mf_checkout',
    version,
    exposes: {
      './app': './src/app.tsx',
      './routes': './src/routes.ts',
    },
  });
