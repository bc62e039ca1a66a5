import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@shop/shared/build';

const appDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * mf_account: the sign-in pages and the account. The Firebase Auth SDK is this remote's own
 * dependency (never shared, never in the shell); './session' restores a signed-in session at start.
 */
/** @param {{ version?: string }} [env] webpack's --env */
export default ({ version } = {}) =>
  createAppConfig({
    appDir,
    name: 'mf_account',
    version,
    exposes: {
      './app': './src/app.tsx',
      './routes': './src/routes.ts',
      './session': './src/session.ts',
      // Push messages (docs/adr/0024-push-messages.md): loaded by the shell on a guest's request or where the device has a token.
      './push': './src/push/index.ts',
    },
  });
