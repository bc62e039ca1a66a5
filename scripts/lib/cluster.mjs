// The production topology as plain processes on this machine (requirements#operations): N compiled API instances
// (api/dist/main.js) on one PostgreSQL and (optionally) one Redis, behind Debian's nginx started with
// a configuration of its own in a temporary folder (the same location rules as deploy/nginx), as a
// child that does not daemonize. Used by `npm run cluster`, the fault tests and `npm run bench:cluster`.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './apps.mjs';
import { apiBuildOutdated, API_MAIN, buildApi } from './build-api.mjs';
import { ensureDebianPackage } from './debian-package.mjs';

export const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';

/** Debian's nginx, installed when missing and running as root (otherwise an error naming the package). */
export function ensureNginx({ log = console.log } = {}) {
  return ensureDebianPackage({ binary: NGINX, pkg: 'nginx', pathVariable: 'NGINX_BIN', log });
}
const NGINX_DIR = path.join(REPO_ROOT, 'deploy', 'nginx');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The open-files limits of this process (soft, hard), as the shell reports them. */
export function nofileLimits() {
  const read = (flag) => Number(spawnSync('sh', ['-c', `ulimit ${flag}`], { encoding: 'utf8' }).stdout.trim()) || 1024;
  return { soft: read('-Sn'), hard: read('-Hn') };
}

/**
 * `cmd args…` with its open-files limit raised to the hard limit (prlimit; raising the hard limit
 * itself needs CAP_SYS_RESOURCE, which a container may not have).
 */
function withNofile(command, args) {
  const prlimit = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => fs.existsSync(p));
  const { soft, hard } = nofileLimits();
  if (!prlimit || soft >= hard) return [command, args];
  return [prlimit, [`--nofile=${hard}:${hard}`, command, ...args]];
}

/** The nginx configuration of the local cluster: the shared http and location parts, this machine's paths and ports. */
export function nginxConfig({ prefix, port, upstreamPorts, workers = 2, nofile = nofileLimits().hard }) {
  const root = process.getuid?.() === 0 ? 'user root root;\n' : '';
  // 10,000 streams are 20,000 sockets at the proxy: spread over the workers (reuseport), each within its limit.
  const workerConnections = Math.max(1024, nofile - 100);
  return `# written by scripts/lib/cluster.mjs
${root}worker_processes ${workers};
worker_rlimit_nofile ${nofile};
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections ${workerConnections}; multi_accept on; }
http {
    include ${NGINX_DIR}/shop-http.conf;
    access_log ${prefix}/access.log shop_json;
    client_body_temp_path ${prefix}/tmp/body;
    proxy_temp_path ${prefix}/tmp/proxy;
    fastcgi_temp_path ${prefix}/tmp/fastcgi;
    uwsgi_temp_path ${prefix}/tmp/uwsgi;
    scgi_temp_path ${prefix}/tmp/scgi;
    proxy_cache_path ${prefix}/cache levels=1:2 keys_zone=shop_static:10m max_size=500m inactive=7d use_temp_path=off;
    upstream shop_api {
${upstreamPorts.map((p) => `        server 127.0.0.1:${p} max_fails=3 fail_timeout=3s;`).join('\n')}
        keepalive 64;
    }
    server {
        listen 127.0.0.1:${port} reuseport;
        server_name localhost;
        include ${NGINX_DIR}/shop-locations.conf;
    }
}
`;
}

async function waitFor(check, { timeoutMs, what, alive = () => true, every = 200 }) {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return;
    if (!alive()) throw new Error(`${what}: the process exited`);
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(every);
  }
}

const answers = (url, status) => async () => (await fetch(url, { signal: AbortSignal.timeout(2000) })).status === status;

/**
 * Starts the cluster. Ports: nginx on `port`, instance i on `port + i` (1-based). Resolves once nginx
 * answers and every instance is ready (GET /api/ready 200), unless `waitReady: false`.
 * @param {{ instances?: number, port?: number, databaseUrl?: string, redisUrl?: string, env?: Record<string, string | undefined>, emulatorHost?: string, waitReady?: boolean, readyTimeoutMs?: number, log?: (message: string) => void }} [options]
 */
export async function startCluster({
  instances = 2,
  port,
  databaseUrl,
  redisUrl,
  env = {},
  emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST,
  waitReady = true,
  readyTimeoutMs = 180_000,
  log = () => {},
} = {}) {
  if (!port) throw new Error('startCluster: a port is required (nginx on port, instances on port+1 …)');
  if (!databaseUrl) throw new Error('startCluster: databaseUrl (PostgreSQL) is required: instances share one database');
  ensureNginx({ log });
  if (apiBuildOutdated()) await buildApi({ log });
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-'));
  fs.mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
  fs.chmodSync(prefix, 0o755);
  const redisPrefix = env.REDIS_PREFIX ?? `cluster-${crypto.randomBytes(4).toString('hex')}:`;

  const members = [];
  const baseEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    TRUST_PROXY: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: 'warn',
    CHECK_RELEASES: 'off',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...(emulatorHost ? { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } : {}),
    ...env,
  };
  if (!redisUrl && !env.REDIS_URL) delete baseEnv.REDIS_URL;
  delete (/** @type {Record<string, unknown>} */ (baseEnv).NODE_OPTIONS);

  const member = (index) => {
    const memberPort = port + index;
    const logFile = path.join(prefix, `api-${index}.log`);
    const state = {
      index,
      port: memberPort,
      url: `http://127.0.0.1:${memberPort}`,
      logFile,
      child: null,
      exit: null,
      /** Starts (or restarts) the instance. */
      start() {
        const out = fs.openSync(logFile, 'a');
        const [command, args] = withNofile(process.execPath, ['--enable-source-maps', API_MAIN]);
        const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...baseEnv, PORT: String(memberPort) }, stdio: ['ignore', out, out] });
        fs.closeSync(out);
        state.child = child;
        state.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
        return state;
      },
      get pid() {
        return state.child?.pid;
      },
      get alive() {
        return Boolean(state.child) && state.child.exitCode === null && state.child.signalCode === null;
      },
      kill(signal = 'SIGTERM') {
        if (state.alive) state.child.kill(signal);
        return state.exit;
      },
      async waitReady(timeoutMs = readyTimeoutMs) {
        await waitFor(answers(`${state.url}/api/ready`, 200), { timeoutMs, what: `instance ${index} ready`, alive: () => state.alive });
      },
      log() {
        return fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
      },
    };
    return state;
  };
  for (let i = 1; i <= instances; i++) members.push(member(i).start());

  const conf = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ prefix, port, upstreamPorts: members.map((m) => m.port) }));
  const test = spawnSync(NGINX, ['-t', '-q', '-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', conf], { encoding: 'utf8' });
  if (test.status !== 0) {
    await Promise.all(members.map((m) => m.kill('SIGKILL')));
    throw new Error(`nginx refused the configuration: ${test.stderr}`);
  }
  const [nginxCommand, nginxArgs] = withNofile(NGINX, ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', conf, '-g', 'daemon off;']);
  const nginx = spawn(nginxCommand, nginxArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  let nginxErr = '';
  nginx.stderr.on('data', (c) => (nginxErr = (nginxErr + c).slice(-4000)));
  const nginxExit = new Promise((resolve) => nginx.once('exit', resolve));

  const cluster = {
    url: `http://127.0.0.1:${port}`,
    port,
    prefix,
    redisPrefix,
    instances: members,
    nginx,
    /** Each instance's log (JSON lines), for a failure message. */
    logs() {
      return members.map((m) => `── instance ${m.index} (port ${m.port}) ──\n${m.log().slice(-6000)}`).join('\n') + `\n── nginx ──\n${nginxErr}`;
    },
    async waitReady(timeoutMs = readyTimeoutMs) {
      await Promise.all(members.filter((m) => m.alive).map((m) => m.waitReady(timeoutMs)));
    },
    async stop() {
      await Promise.all(
        members.map(async (m) => {
          if (!m.alive) return;
          const timer = setTimeout(() => m.kill('SIGKILL'), 15_000);
          await m.kill('SIGTERM');
          clearTimeout(timer);
        }),
      );
      if (nginx.exitCode === null) {
        nginx.kill('SIGQUIT');
        const timer = setTimeout(() => nginx.kill('SIGKILL'), 5_000);
        await nginxExit;
        clearTimeout(timer);
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
  try {
    await waitFor(answers(`${cluster.url}/api/health`, 200), { timeoutMs: readyTimeoutMs, what: 'nginx', alive: () => nginx.exitCode === null, every: 300 });
    if (waitReady) await cluster.waitReady();
  } catch (error) {
    const logs = cluster.logs();
    await cluster.stop();
    throw new Error(`${error.message}\n${logs}`);
  }
  return cluster;
}

/** A fresh, empty PostgreSQL database next to the admin URL's (dropped by the returned drop()). */
export async function createDatabase(adminUrl, name = `shop_cluster_${crypto.randomBytes(5).toString('hex')}`) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
