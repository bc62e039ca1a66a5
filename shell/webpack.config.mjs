import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InjectManifest } from 'workbox-webpack-plugin';
import { createAppConfig } from '@shop/shared/build';

const appDir = path.dirname(fileURLToPath(import.meta.url));

/** @param {{ version?: string }} [env] webpack's --env */
export default ({ version } = {}) =>
  createAppConfig({
    appDir,
    name: 'shell',
    host: true,
    version,
    cssPrefix: 'shell',
    plugins: [
      new InjectManifest({
        swSrc: path.join(appDir, 'src', 'sw.ts'),
        swDest: 'sw.js',
        // The shell only: remotes are cached at runtime from their immutable version folders.
        exclude: [/\.map$/, /LICENSE/, /mf-manifest/, /build-stamp/, /build-info/, /shared-files/, /^icons\/icon-512/, /^icons\/icon-maskable/],
      }),
    ],
  });
