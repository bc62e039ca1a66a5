// Starts the Firebase Auth emulator (firebase-tools, demo project: no network, no account needed)
// on free ports with a throw-away config, and resolves once it answers.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, waitForHttp } from './ports.mjs';

const require = createRequire(import.meta.url);
export const DEMO_PROJECT_ID = 'demo-streetfood';

/** @param {{ port?: number, projectId?: string, log?: (message: string) => void }} [options] */
export async function startAuthEmulator({ port, projectId = DEMO_PROJECT_ID, log = () => {} } = {}) {
  const authPort = port ?? (await freePort());
  const hubPort = await freePort();
  const loggingPort = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-auth-emulator-'));
  fs.writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const cli = require.resolve('firebase-tools/lib/bin/firebase.js');
  const child = spawn(process.execPath, [cli, 'emulators:start', '--only', 'auth', '--project', projectId], {
    cwd: dir,
    env: { ...process.env, CI: 'true', FIREBASE_CLI_EXPERIMENTS: '', NO_UPDATE_NOTIFIER: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk;
    log(String(chunk));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = false;
  child.on('exit', () => (exited = true));
  const host = `127.0.0.1:${authPort}`;
  try {
    await waitForHttp(`http://${host}/`, 90_000, () => !exited);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`Auth emulator did not start: ${error.message}\n${output.slice(-2000)}`);
  }
  return {
    host,
    projectId,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 5000);
        child.on('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The demo staff account `npm start` creates in the emulator, for the staff board (/Bestellboard). */
export const DEMO_STAFF = { email: 'kueche@streetfood.test', password: 'kueche123', displayName: 'Küche' };

/**
 * Creates an e-mail/password account in the Auth emulator and gives it the custom claim
 * `staff: true` (what `node scripts/grant-staff.mjs` does with firebase-admin in production).
 */
export async function createStaffAccount(host, projectId = DEMO_PROJECT_ID, account = DEMO_STAFF) {
  const base = `http://${host}/identitytoolkit.googleapis.com/v1`;
  const post = async (url, body, headers = {}) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const json = await res.json();
    if (!res.ok) throw new Error(`Auth emulator ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const { localId } = await post(`${base}/accounts:signUp?key=any`, { ...account, returnSecureToken: true });
  await post(
    `${base}/projects/${projectId}/accounts:update`,
    { localId, customAttributes: JSON.stringify({ staff: true }) },
    { authorization: 'Bearer owner' },
  );
  return { uid: localId, ...account };
}
