import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@shop/shared/build';

const appDir = path.dirname(fileURLToPath(import.meta.url));

/** @param {{ version?: string }} [env] webpack's --env */
export default ({ version } = {}) =>
  createAppConfig({
    appDir,
    name: 'mf_cart',
    version,
    exposes: {
      './app': './src/app.tsx',
      './routes': './src/routes.ts',
      './cart-badge': './src/widgets/cart-badge.tsx',
      './cart-bar': './src/widgets/cart-bar.tsx',
    },
  });
