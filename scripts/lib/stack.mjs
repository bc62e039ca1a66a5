// Starts the whole shop: the Firebase Auth emulator and the API (which serves shell and remotes)
// as child processes. Used by `npm start` and by the e2e server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './apps.mjs';
import { createStaffAccount, DEMO_STAFF, startAuthEmulator } from './auth-emulator.mjs';
import { waitForHttp } from './ports.mjs';

export async function startStack({ port, env = {}, log = console.log, quiet = false } = {}) {
  const stops = [];
  let emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const useEmulator = !emulatorHost && process.env.SHOP_AUTH_EMULATOR !== 'off';
  if (useEmulator) {
    log('starting the Firebase Auth emulator …');
    const emulator = await startAuthEmulator();
    emulatorHost = emulator.host;
    stops.push(() => emulator.stop());
    log(`  Auth emulator on ${emulatorHost}`);
    await createStaffAccount(emulatorHost);
    log(`  staff board /Bestellboard: sign in as ${DEMO_STAFF.email} / ${DEMO_STAFF.password}`);
  }
  const api = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      ...(emulatorHost ? { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } : {}),
    },
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  let apiOutput = '';
  if (quiet) {
    api.stdout.on('data', (c) => (apiOutput = (apiOutput + c).slice(-20000)));
    api.stderr.on('data', (c) => (apiOutput = (apiOutput + c).slice(-20000)));
  }
  let apiExited = false;
  api.on('exit', () => (apiExited = true));
  stops.unshift(
    () =>
      new Promise((resolve) => {
        if (apiExited) return resolve();
        api.once('exit', resolve);
        api.kill('SIGTERM');
        setTimeout(() => api.kill('SIGKILL'), 5000).unref();
      }),
  );
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 120_000, () => !apiExited);
  } catch (error) {
    for (const stop of stops) await stop();
    throw new Error(`${error.message}\n${apiOutput}`);
  }
  return {
    url: `http://localhost:${port}/`,
    emulatorHost,
    api,
    async stop() {
      for (const stop of stops) await stop();
    },
  };
}
