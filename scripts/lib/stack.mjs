// Starts the whole shop: the Firebase Auth emulator and the API (which serves shell and remotes)
// as child processes. Used by `npm start` and by the e2e server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './apps.mjs';
import { createStaffAccount, DEMO_STAFF, startAuthEmulator } from './auth-emulator.mjs';
import { startMailCatcher } from './mail-catcher.mjs';
import { waitForHttp } from './ports.mjs';

/**
 * @param {{ port?: number, env?: Record<string, string | undefined>, log?: (message: string) => void, quiet?: boolean, mailDir?: string, watch?: boolean }} [options]
 *   watch: the API restarts when a file it has loaded changes (npm run dev; node --watch follows the
 *   module graph tsx loads, so an edit of front-end code, even in shared/src, leaves it running)
 */
export async function startStack({ port, env = {}, log = console.log, quiet = false, mailDir, watch = false } = {}) {
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
  // Without SMTP_URL the shop's mails (confirmations, tickets) go to a local catcher: .data/mail, one line each here.
  let smtpUrl = env.SMTP_URL ?? process.env.SMTP_URL;
  if (!smtpUrl) {
    const catcher = await startMailCatcher({ log, ...(mailDir ? { dir: mailDir } : {}) });
    smtpUrl = catcher.url;
    stops.push(() => catcher.stop());
    log(`  mail catcher on ${catcher.url}: the shop's mails are written to ${path.relative(REPO_ROOT, catcher.dir) || catcher.dir}`);
  }
  const watchArgs = watch ? ['--watch', '--watch-preserve-output'] : [];
  const api = spawn(process.execPath, [...watchArgs, '--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'main.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      SMTP_URL: smtpUrl,
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
