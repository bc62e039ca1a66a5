// The deploy command on a temporary copy of deploy/hosts and a temporary APP_ROOT with builds.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sha256Of, writeDigests } from '../shared/build/integrity.mjs';
import { main } from './cli.mjs';

// Some cases run the command as a child process (one a webpack build): generous limits on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(REPO_ROOT, 'deploy', 'cli.mjs');
const REAL_HOSTS = path.join(REPO_ROOT, 'deploy', 'hosts');
const FOLDERS = ['mf-menu', 'mf-cart', 'mf-checkout', 'mf-account', 'mf-orders'];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let tmp: string;
/** The descriptors in the store's control plane (what the API serves). */
let hostsDir: string;
/** The seed (deploy/hosts in a checkout): copied into the store only where the store has no descriptor. */
let seedDir: string;
let appRoot: string;
let storeDir: string;

/** What the shell and the remotes are built with (shared/build/build-info-plugin.mjs writes the real one). */
const PROVIDED = { react: '18.3.1', 'react-dom': '18.3.1', rxjs: '7.8.2', '@shop/shared/bus': '1.0.0', '@shop/shared/stores': '1.0.0' };
const REQUIRED = Object.fromEntries(Object.entries(PROVIDED).map(([name, version]) => [name, `^${version}`]));

interface FakeBuildInfo {
  requires?: Record<string, string>;
  contractVersion?: number;
  files?: string[];
}

function writeBuildInfo(dir: string, app: string, version: string, info: FakeBuildInfo = {}) {
  fs.writeFileSync(
    path.join(dir, 'build-info.json'),
    JSON.stringify({
      app,
      name: app.replace('-', '_'),
      version,
      kind: app === 'shell' ? 'shell' : 'remote',
      contractVersion: info.contractVersion ?? 2,
      provides: PROVIDED,
      requires: info.requires ?? REQUIRED,
      files: info.files ?? [app === 'shell' ? 'index.html' : 'remoteEntry.js'],
    }),
  );
}

function fakeBuild(folder: string, version: string, manifest: Record<string, unknown> = {}, info: FakeBuildInfo = {}) {
  const dir = path.join(appRoot, folder, 'dist', version);
  fs.mkdirSync(dir, { recursive: true });
  const name = folder.replace('-', '_');
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({ id: name, name, metaData: { name, publicPath: `/mf/${folder}/${version}/` }, ...manifest }),
  );
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${folder} ${version} */`);
  writeBuildInfo(dir, folder, version, info);
  writeDigests(dir);
}

/** A shell build: the local development build (version 'local') or a versioned one. */
function fakeShell(version: string, info: FakeBuildInfo & { provides?: Record<string, string> } = {}) {
  const dir = version === 'local' ? path.join(appRoot, 'shell', 'dist') : path.join(appRoot, 'shell', 'dist-versions', version);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>shell ${version}</title>`);
  writeBuildInfo(dir, 'shell', version, info);
  if (info.provides) {
    const file = path.join(dir, 'build-info.json');
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), provides: info.provides }));
  }
  writeDigests(dir);
}

/** The command's environment: this case's seed, builds and store, the release actor and machine, then `env`. */
function cliEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DEPLOY_HOSTS_DIR: seedDir,
    APP_ROOT: appRoot,
    ARTIFACT_STORE: storeDir,
    DEPLOY_ACTOR: 'jana@test',
    DEPLOY_MACHINE: 'release-box',
    ...env,
  };
}

/**
 * Runs the command in this process (its `main`, with this case's environment and its output collected):
 * a child process per case cost about 1.5 s of start-up each. The command as a process (exit codes, the
 * output streams, an environment of its own) is proven by the cases that spawn it (`deployProcess`).
 */
async function deploy(...args: string[]): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const line =
    (into: string[]) =>
    (...parts: unknown[]) =>
      into.push(`${parts.map(String).join(' ')}\n`);
  let code: number;
  try {
    code = await main(args, { log: line(out), error: line(err), env: cliEnv({ DEPLOY_PUBLIC_URL: '' }) });
  } catch (error) {
    // As the command's own last resort (deploy/cli.mjs): the error printed, exit code 1.
    line(err)(error instanceof Error ? (error.stack ?? error.message) : error);
    code = 1;
  }
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** Runs the command as a child process, as a release engineer does: its exit code and both output streams, `env` over the case's. */
const deployProcess = (env: Record<string, string>, ...args: string[]) =>
  new Promise<Run>((resolve) =>
    execFile(process.execPath, [CLI, ...args], { cwd: REPO_ROOT, env: cliEnv(env), encoding: 'utf8' }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    ),
  );

/** Runs the command and expects it to succeed (what it wrote to stderr is the failure message). */
async function deployOk(...args: string[]): Promise<Run> {
  const run = await deploy(...args);
  expect(run.code, run.stderr).toBe(0);
  return run;
}

const read = (file: string) => fs.readFileSync(path.join(hostsDir, file), 'utf8');
const snapshot = () =>
  Object.fromEntries(
    fs
      .readdirSync(hostsDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f, read(f)]),
  );
/** The release log: one object per entry under <store>/releases/. */
const logEntries = () => {
  const dir = path.join(storeDir, 'releases');
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => /^\d{10}\.json$/.test(f))
        .sort()
        .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Record<string, string>)
    : [];
};

/** Every descriptor as it was (`before`, a snapshot()) and nothing in the release log. */
function expectNothingReleased(before: Record<string, string>) {
  expect(snapshot()).toEqual(before);
  expect(logEntries()).toEqual([]);
}

/** A command the deploy tool must refuse: its exit code and message, after an optional set-up. */
interface Refusal {
  name: string;
  args: string[];
  code: number;
  message: RegExp;
  setup?: () => void;
}

/** Runs a refused command: it exits with its code and message, and nothing is released. */
async function expectRefused({ args, code, message, setup }: Refusal) {
  setup?.();
  const before = snapshot();
  const run = await deploy(...args);
  expect(run.code).toBe(code);
  expect(run.stderr).toMatch(message);
  expectNothingReleased(before);
}

/** The release log as 'action from->to', oldest first. */
const releaseHistory = () => logEntries().map((e) => `${e.action} ${e.from}->${e.to}`);

/** Line numbers (1-based) and new text of every line that differs; the line count must stay. */
function changedLines(before: string, after: string) {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b).toHaveLength(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [{ line: i + 1, text: b[i] }]));
}

/** 1-based number of the line that holds a remote's entry. */
const lineOf = (text: string, key: string) => text.split('\n').findIndex((l) => l.includes(`"${key}":`)) + 1;

/** Copies deploy/hosts with only its development host names (a production host needs a published shell, a public URL and a credential). */
function copyAsDevelopment(dir: string) {
  fs.cpSync(REAL_HOSTS, dir, { recursive: true });
  for (const file of fs.readdirSync(dir)) {
    const full = path.join(dir, file);
    fs.writeFileSync(full, fs.readFileSync(full, 'utf8').replace(/, "[a-z-]+\.streetfood-hamburg\.de"/g, ''));
  }
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-deploy-'));
  seedDir = path.join(tmp, 'seed');
  appRoot = path.join(tmp, 'app');
  storeDir = path.join(tmp, 'store');
  hostsDir = path.join(storeDir, 'descriptors');
  // Development copies (*.localhost only): the production gate has tests of its own below.
  for (const dir of [seedDir, hostsDir]) copyAsDevelopment(dir);
  fakeShell('local');
  for (const folder of FOLDERS) fakeBuild(folder, '0.1.0');
  fakeBuild('mf-menu', '0.2.0');
  fakeBuild('mf-menu', '0.3.0');
});

afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('deploy release', () => {
  it('changes exactly the one remote line of the chosen host and logs the previous version', async () => {
    const before = snapshot();
    const run = await deploy('release', 'mf-menu', '0.2.0', '--host', 'hamburg.localhost');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('hamburg.json: mf-menu 0.1.0 → 0.2.0');

    const after = snapshot();
    expect(changedLines(before['hamburg.json']!, after['hamburg.json']!)).toEqual([
      { line: lineOf(before['hamburg.json']!, 'mf_menu'), text: '    "mf_menu": "0.2.0",' },
    ]);
    expect(after['localhost.json']).toBe(before['localhost.json']);
    expect(after['eimsbuettel.json']).toBe(before['eimsbuettel.json']);
    expect(JSON.parse(after['hamburg.json']!).remotes).toMatchObject({ mf_menu: '0.2.0', mf_cart: '0.1.0' });

    const [entry, ...more] = logEntries();
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ action: 'release', hostFile: 'hamburg.json', remote: 'mf-menu', from: '0.1.0', to: '0.2.0' });
    expect(Number.isNaN(Date.parse(entry!.time!))).toBe(false);
  });

  it('accepts the host as file name, bare name, path or host with port, and defaults to the * descriptor', async () => {
    await deployOk('release', 'mf-menu', '0.2.0', '--host', 'eimsbuettel.json');
    expect(JSON.parse(read('eimsbuettel.json')).remotes.mf_menu).toBe('0.2.0');
    await deployOk('release', 'mf_menu', '0.3.0', '--host=eimsbuettel');
    expect(JSON.parse(read('eimsbuettel.json')).remotes.mf_menu).toBe('0.3.0');
    await deployOk('release', 'mf-menu', '0.2.0', '--host', path.join(hostsDir, 'hamburg.json'));
    expect(JSON.parse(read('hamburg.json')).remotes.mf_menu).toBe('0.2.0');

    const before = read('localhost.json');
    const run = await deploy('release', 'mf-menu', '0.3.0');
    expect(run.code).toBe(0);
    expect(changedLines(before, read('localhost.json'))).toEqual([{ line: lineOf(before, 'mf_menu'), text: '    "mf_menu": "0.3.0",' }]);
    await deployOk('release', 'mf-menu', '0.2.0', '--host', 'localhost:3000');
    expect(JSON.parse(read('localhost.json')).remotes.mf_menu).toBe('0.2.0');
  });

  it('edits the last remote line (no trailing comma) without touching its neighbours', async () => {
    fakeBuild('mf-orders', '0.1.1');
    const before = read('localhost.json');
    await deployOk('release', 'mf-orders', '0.1.1');
    expect(changedLines(before, read('localhost.json'))).toEqual([{ line: lineOf(before, 'mf_orders'), text: '    "mf_orders": "0.1.1"' }]);
  });

  it('releases on every host with --all, one line per file', async () => {
    const before = snapshot();
    const run = await deploy('release', 'mf-menu', '0.2.0', '--all');
    expect(run.code).toBe(0);
    const after = snapshot();
    for (const file of ['eimsbuettel.json', 'hamburg.json', 'localhost.json', 'preview.json']) {
      expect(changedLines(before[file]!, after[file]!)).toEqual([{ line: lineOf(before[file]!, 'mf_menu'), text: '    "mf_menu": "0.2.0",' }]);
    }
    expect(logEntries().map((e) => e.hostFile)).toEqual(['eimsbuettel.json', 'hamburg.json', 'localhost.json', 'preview.json']);
  });

  it('does nothing and logs nothing when the host already has that version', async () => {
    const before = snapshot();
    const run = await deploy('release', 'mf-menu', '0.1.0', '--host', 'hamburg');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('already 0.1.0');
    expectNothingReleased(before);
  });
});

describe('deploy rollback', () => {
  it('restores the file byte for byte and walks back through several releases', async () => {
    const original = read('hamburg.json');
    await deployOk('release', 'mf-menu', '0.2.0', '--host', 'hamburg');
    const at020 = read('hamburg.json');
    await deployOk('release', 'mf-menu', '0.3.0', '--host', 'hamburg');

    const first = await deploy('rollback', 'mf-menu', '--host', 'hamburg');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('hamburg.json: mf-menu 0.3.0 → 0.2.0');
    expect(read('hamburg.json')).toBe(at020);

    await deployOk('rollback', 'mf-menu', '--host', 'hamburg');
    expect(read('hamburg.json')).toBe(original);

    const none = await deploy('rollback', 'mf-menu', '--host', 'hamburg');
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/no release of mf-menu .* to roll back \(it is at 0\.1\.0\)/);
    expect(read('hamburg.json')).toBe(original);

    expect(releaseHistory()).toEqual(['release 0.1.0->0.2.0', 'release 0.2.0->0.3.0', 'rollback 0.3.0->0.2.0', 'rollback 0.2.0->0.1.0']);
  });

  it('keeps hosts apart: a rollback on one host leaves the other releases in place', async () => {
    await deployOk('release', 'mf-menu', '0.2.0', '--host', 'hamburg');
    await deployOk('release', 'mf-menu', '0.3.0', '--host', 'eimsbuettel');
    await deployOk('rollback', 'mf-menu', '--host', 'eimsbuettel');
    expect(JSON.parse(read('eimsbuettel.json')).remotes.mf_menu).toBe('0.1.0');
    expect(JSON.parse(read('hamburg.json')).remotes.mf_menu).toBe('0.2.0');
  });

  it('refuses when the descriptor was changed by hand after the last release', async () => {
    await deployOk('release', 'mf-menu', '0.2.0', '--host', 'hamburg');
    const file = path.join(hostsDir, 'hamburg.json');
    fs.writeFileSync(file, read('hamburg.json').replace('"mf_menu": "0.2.0"', '"mf_menu": "0.3.0"'));
    const before = read('hamburg.json');
    const run = await deploy('rollback', 'mf-menu', '--host', 'hamburg');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('mf-menu is at 0.3.0, but the last release in the log set 0.2.0');
    expect(read('hamburg.json')).toBe(before);
  });

  it('refuses to roll back to a version whose build has been deleted', async () => {
    await deployOk('release', 'mf-menu', '0.2.0', '--host', 'hamburg');
    fs.rmSync(path.join(appRoot, 'mf-menu', 'dist', '0.1.0'), { recursive: true });
    const run = await deploy('rollback', 'mf-menu', '--host', 'hamburg');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No usable build of mf-menu 0.1.0');
    expect(JSON.parse(read('hamburg.json')).remotes.mf_menu).toBe('0.2.0');
  });
});

describe('deploy refuses bad input with a clear message and changes nothing', () => {
  const cases: Refusal[] = [
    { name: 'unknown app', args: ['release', 'mf-foo', '0.2.0'], code: 1, message: /Unknown app "mf-foo"\. Apps: shell, mf-menu, mf-cart/ },
    { name: 'a shell version that is not built', args: ['release', 'shell', '0.2.0'], code: 1, message: /No usable build of shell 0\.2\.0/ },
    {
      name: "a remote that needs a singleton version the host's shell does not provide (rxjs ^8 on 7.8.2)",
      args: ['release', 'mf-menu', '0.4.0', '--host', 'hamburg'],
      code: 1,
      message: /hamburg\.json: refused to release mf-menu 0\.4\.0:\n {2}- mf-menu 0\.4\.0 needs rxjs \^8\.0\.0, shell local provides 7\.8\.2/,
      setup: () => fakeBuild('mf-menu', '0.4.0', {}, { requires: { ...REQUIRED, rxjs: '^8.0.0' } }),
    },
    {
      name: 'a remote that needs a runtime part the shell does not have',
      args: ['release', 'mf-menu', '0.4.0', '--host', 'hamburg'],
      code: 1,
      message: /needs @shop\/shared\/bus \^2\.0\.0, shell local provides 1\.0\.0/,
      setup: () => fakeBuild('mf-menu', '0.4.0', {}, { requires: { ...REQUIRED, '@shop/shared/bus': '^2.0.0' } }),
    },
    {
      name: 'a remote speaking a contract version the API does not accept',
      args: ['release', 'mf-menu', '0.4.0', '--host', 'hamburg'],
      code: 1,
      message: /mf-menu 0\.4\.0 speaks contract 99, the API accepts 1, 2/,
      setup: () => fakeBuild('mf-menu', '0.4.0', {}, { contractVersion: 99 }),
    },
    {
      name: 'a remote whose build lacks files it lists',
      args: ['release', 'mf-menu', '0.4.0', '--host', 'hamburg'],
      code: 1,
      message: /mf-menu 0\.4\.0 is incomplete: 123\.abcdef12\.js missing/,
      setup: () => fakeBuild('mf-menu', '0.4.0', {}, { files: ['remoteEntry.js', '123.abcdef12.js'] }),
    },
    {
      name: 'a shell that lacks a singleton a remote of the host needs',
      args: ['release', 'shell', '0.2.0', '--host', 'hamburg'],
      code: 1,
      message: /mf-menu 0\.1\.0 needs react \^18\.3\.1, shell 0\.2\.0 provides 19\.0\.0/,
      setup: () => fakeShell('0.2.0', { provides: { ...PROVIDED, react: '19.0.0' } }),
    },
    { name: 'a version that is no version', args: ['release', 'mf-menu', 'latest'], code: 1, message: /"latest" is not a version/ },
    {
      name: 'a version that is not built',
      args: ['release', 'mf-menu', '9.9.9'],
      code: 1,
      message: /No usable build of mf-menu 9\.9\.9: mf-menu 9\.9\.9 is neither published[\s\S]*Available versions of mf-menu: 0\.1\.0, 0\.2\.0, 0\.3\.0/,
    },
    {
      name: 'a build of another remote copied into the folder',
      args: ['release', 'mf-cart', '0.2.0'],
      code: 1,
      message: /belongs to "mf_menu", not mf_cart/,
      setup: () => fs.cpSync(path.join(appRoot, 'mf-menu', 'dist', '0.2.0'), path.join(appRoot, 'mf-cart', 'dist', '0.2.0'), { recursive: true }),
    },
    {
      name: 'a build copied to another version folder',
      args: ['release', 'mf-menu', '0.4.0'],
      code: 1,
      message: /built for \/mf\/mf-menu\/0\.3\.0\/, not \/mf\/mf-menu\/0\.4\.0\//,
      setup: () => fs.cpSync(path.join(appRoot, 'mf-menu', 'dist', '0.3.0'), path.join(appRoot, 'mf-menu', 'dist', '0.4.0'), { recursive: true }),
    },
    {
      name: 'an unknown host',
      args: ['release', 'mf-menu', '0.2.0', '--host', 'altona.localhost'],
      code: 1,
      message: /Unknown host "altona\.localhost"\. Descriptors: eimsbuettel\.json/,
    },
    { name: 'a file outside the hosts folder', args: ['release', 'mf-menu', '0.2.0', '--host', '/etc/passwd'], code: 1, message: /is not a descriptor in/ },
    { name: '--host and --all together', args: ['release', 'mf-menu', '0.2.0', '--host', 'hamburg', '--all'], code: 2, message: /either --host or --all/ },
    { name: 'a missing version', args: ['release', 'mf-menu'], code: 2, message: /Name the version/ },
    { name: 'an unknown option', args: ['release', 'mf-menu', '0.2.0', '--force'], code: 2, message: /Unknown option --force/ },
    { name: 'an unknown command', args: ['frobnicate', 'mf-menu'], code: 2, message: /Unknown command "frobnicate"/ },
    { name: '--build on rollback', args: ['rollback', 'mf-menu', '--build'], code: 2, message: /rollback does not build/ },
    {
      name: 'a descriptor written on one line',
      args: ['release', 'mf-menu', '0.2.0', '--host', 'hamburg'],
      code: 1,
      message: /hamburg\.json: no line of the form "mf_menu": "x\.y\.z"/,
      setup: () => fs.writeFileSync(path.join(hostsDir, 'hamburg.json'), JSON.stringify(JSON.parse(read('hamburg.json')))),
    },
    {
      name: 'an invalid descriptor',
      args: ['release', 'mf-menu', '0.2.0', '--host', 'hamburg'],
      code: 1,
      message: /hamburg\.json is not a valid host descriptor \(branch\.defaultPlz: /,
      setup: () => fs.writeFileSync(path.join(hostsDir, 'hamburg.json'), read('hamburg.json').replace('"20099"', '"2009"')),
    },
    {
      name: 'a look-alike line outside remotes',
      args: ['release', 'mf-menu', '0.2.0', '--host', 'hamburg'],
      code: 1,
      message: /2 lines of the form "mf_menu"/,
      setup: () =>
        fs.writeFileSync(
          path.join(hostsDir, 'hamburg.json'),
          read('hamburg.json').replace('"features": {},', '"features": {\n    "mf_menu": "0.1.0",\n    "x": 1\n  },'),
        ),
    },
  ];

  for (const c of cases) {
    it(c.name, () => expectRefused(c));
  }
});

describe('deploy status', () => {
  it('shows every host × remote with its version and whether the build exists', async () => {
    fs.rmSync(path.join(appRoot, 'mf-checkout', 'dist', '0.1.0'), { recursive: true });
    await deployOk('release', 'mf-menu', '0.3.0', '--host', 'hamburg');
    const run = await deploy('status');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    const hamburg = lines.find((l) => l.startsWith('hamburg.json'))!;
    expect(hamburg).toMatch(
      /hamburg\.localhost.*local ✓ built\s+0\.3\.0 ✓ published\s+0\.1\.0 ✓ built\s+0\.1\.0 ✗ missing\s+0\.1\.0 ✓ built\s+0\.1\.0 ✓ built/,
    );
    expect(lines.find((l) => l.startsWith('localhost.json'))).toMatch(/\* \(default\)\s+local ✓ built\s+0\.1\.0 ✓ built/);
    expect(run.stdout).toMatch(/mf-menu\s+0\.1\.0, 0\.2\.0, 0\.3\.0/);
    expect(run.stdout).toContain('4 referenced build(s) missing');
  });
});

describe('deploy release --build', () => {
  it('builds exactly the named remote as that version, then releases it', async () => {
    // A minimal remote (real webpack run through shared/build/build.mjs) so the test needs no
    // full front-end build: it emits remoteEntry.js and an mf-manifest.json like the MF plugin.
    const appDir = path.join(appRoot, 'mf-orders');
    fs.mkdirSync(path.join(appDir, 'src'), { recursive: true });
    fs.writeFileSync(path.join(appDir, 'src', 'index.js'), 'export const answer = 42;\n');
    fs.writeFileSync(path.join(appDir, 'package.json'), JSON.stringify({ name: '@test/mf-orders', version: '0.0.0' }));
    fs.writeFileSync(
      path.join(appDir, 'webpack.config.mjs'),
      `import path from 'node:path';
import { fileURLToPath } from 'node:url';
const appDir = path.dirname(fileURLToPath(import.meta.url));
const manifest = (version) => ({
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('manifest', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'manifest', stage: 0 }, () => {
        const json = JSON.stringify({ name: 'mf_orders', metaData: { publicPath: '/mf/mf-orders/' + version + '/' } });
        compilation.emitAsset('mf-manifest.json', new compiler.webpack.sources.RawSource(json));
        const info = { app: 'mf-orders', version, contractVersion: 2, provides: {}, requires: { rxjs: '^7.8.2' }, files: ['remoteEntry.js'] };
        compilation.emitAsset('build-info.json', new compiler.webpack.sources.RawSource(JSON.stringify(info)));
      });
    });
  },
});
export default ({ version }) => ({
  mode: 'production',
  context: appDir,
  entry: { remoteEntry: './src/index.js' },
  output: { path: path.join(appDir, 'dist', version), filename: '[name].js', clean: true },
  plugins: [manifest(version)],
});
`,
    );
    const otherBuilds = FOLDERS.filter((f) => f !== 'mf-orders').map((f) =>
      fs
        .readdirSync(path.join(appRoot, f, 'dist'))
        .sort()
        .join(),
    );
    const before = read('eimsbuettel.json');

    const run = await deploy('release', 'mf-orders', '0.4.0', '--host', 'eimsbuettel', '--build');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(fs.existsSync(path.join(appDir, 'dist', '0.4.0', 'remoteEntry.js'))).toBe(true);
    expect(JSON.parse(fs.readFileSync(path.join(appDir, 'dist', '0.4.0', 'build-stamp.json'), 'utf8')).app).toBe('mf-orders');
    expect(changedLines(before, read('eimsbuettel.json'))).toEqual([{ line: lineOf(before, 'mf_orders'), text: '    "mf_orders": "0.4.0"' }]);
    expect(
      FOLDERS.filter((f) => f !== 'mf-orders').map((f) =>
        fs
          .readdirSync(path.join(appRoot, f, 'dist'))
          .sort()
          .join(),
      ),
    ).toEqual(otherBuilds);

    // An existing version folder is immutable: --build does not rebuild it.
    const stamp = fs.readFileSync(path.join(appDir, 'dist', '0.4.0', 'build-stamp.json'), 'utf8');
    const again = await deploy('release', 'mf-orders', '0.4.0', '--host', 'hamburg', '--build');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already built; not rebuilt');
    expect(fs.readFileSync(path.join(appDir, 'dist', '0.4.0', 'build-stamp.json'), 'utf8')).toBe(stamp);
    expect(JSON.parse(read('hamburg.json')).remotes.mf_orders).toBe('0.4.0');
  });

  it('releases nothing when the build fails', async () => {
    const appDir = path.join(appRoot, 'mf-cart');
    fs.writeFileSync(
      path.join(appDir, 'webpack.config.mjs'),
      `export default () => ({ mode: 'production', context: ${JSON.stringify(appDir)}, entry: './src/missing.js', output: { path: ${JSON.stringify(path.join(appDir, 'dist', '0.5.0'))} } });\n`,
    );
    const before = snapshot();
    const run = await deploy('release', 'mf-cart', '0.5.0', '--build');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Build of mf-cart 0.5.0 failed');
    expectNothingReleased(before);
  });
});

describe('the shell is released and rolled back per host', () => {
  it('puts one shell line into the host descriptor, gated against the host remotes, and takes it out on rollback', async () => {
    fakeShell('0.2.0');
    const before = snapshot();
    const run = await deploy('release', 'shell', '0.2.0', '--host', 'hamburg');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('hamburg.json: shell local → 0.2.0');
    expect(JSON.parse(read('hamburg.json')).shell).toBe('0.2.0');
    expect(read('eimsbuettel.json')).toBe(before['eimsbuettel.json']);
    expect(fs.existsSync(path.join(storeDir, 'shell', '0.2.0', 'index.html'))).toBe(true);

    // A remote is now checked against the host's released shell.
    fakeShell('0.3.0', { provides: { ...PROVIDED, rxjs: '8.0.0' } });
    expect((await deploy('release', 'shell', '0.3.0', '--host', 'hamburg')).stderr).toMatch(
      /mf-menu 0\.1\.0 needs rxjs \^7\.8\.2, shell 0\.3\.0 provides 8\.0\.0/,
    );

    await deployOk('rollback', 'shell', '--host', 'hamburg');
    expect(read('hamburg.json')).toBe(before['hamburg.json']);
  });
});

describe('published versions are immutable and live in the artifact store', () => {
  it('publishes once; a different build under the same version is refused; the same bytes are a no-op', async () => {
    await deployOk('publish', 'mf-menu', '0.2.0');
    expect(fs.readFileSync(path.join(storeDir, 'mf-menu', '0.2.0', 'remoteEntry.js'), 'utf8')).toBe('/* mf-menu 0.2.0 */');
    expect((await deploy('publish', 'mf-menu', '0.2.0')).stdout).toContain('published already (identical)');

    // Another (intact) build under the same version.
    fs.writeFileSync(path.join(appRoot, 'mf-menu', 'dist', '0.2.0', 'remoteEntry.js'), '/* changed */');
    writeDigests(path.join(appRoot, 'mf-menu', 'dist', '0.2.0'));
    const run = await deploy('publish', 'mf-menu', '0.2.0');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/mf-menu 0\.2\.0 is published already and the local build differs \((build-info\.json|remoteEntry\.js) differs\)/);
    expect(fs.readFileSync(path.join(storeDir, 'mf-menu', '0.2.0', 'remoteEntry.js'), 'utf8')).toBe('/* mf-menu 0.2.0 */');
  });

  it('a fresh machine with only the store (no builds) can release and roll back every published version', async () => {
    await deployOk('release', 'mf-menu', '0.2.0', '--host', 'hamburg');
    await deployOk('release', 'mf-menu', '0.3.0', '--host', 'hamburg');
    for (const folder of FOLDERS) await deployOk('publish', folder, '0.1.0');
    // The shell the host runs must be published too: release one, then wipe every local build.
    fakeShell('0.2.0');
    await deployOk('release', 'shell', '0.2.0', '--host', 'hamburg');
    fs.rmSync(appRoot, { recursive: true });

    await deployOk('rollback', 'mf-menu', '--host', 'hamburg');
    expect(JSON.parse(read('hamburg.json')).remotes.mf_menu).toBe('0.2.0');
    await deployOk('release', 'mf-menu', '0.3.0', '--host', 'hamburg');
    expect((await deploy('status')).stdout).toMatch(/hamburg\.localhost.*0\.2\.0 ✓ published\s+0\.3\.0 ✓ published/);
  });

  it('rebuilding an existing version fails unless the output is byte-identical', async () => {
    const appDir = path.join(appRoot, 'mf-cart');
    fs.mkdirSync(path.join(appDir, 'src'), { recursive: true });
    fs.writeFileSync(path.join(appDir, 'src', 'index.js'), 'export const text = "alt";\n');
    fs.writeFileSync(
      path.join(appDir, 'webpack.config.mjs'),
      `import path from 'node:path';
export default ({ version }) => ({
  mode: 'production',
  context: ${JSON.stringify(appDir)},
  entry: { remoteEntry: './src/index.js' },
  output: { path: path.join(${JSON.stringify(appDir)}, 'dist', version), filename: '[name].js', clean: true, library: { type: 'module' } },
  experiments: { outputModule: true },
});
`,
    );
    // As a process: the build's own output (webpack's, the comparison's verdict) goes to the command's stdout.
    const build = () => deployProcess({ DEPLOY_PUBLIC_URL: '' }, 'build', 'mf-cart', '0.6.0');
    expect((await build()).code).toBe(0);
    const entry = path.join(appDir, 'dist', '0.6.0', 'remoteEntry.js');
    const built = fs.readFileSync(entry, 'utf8');
    expect(built).toContain('alt');

    const same = await build();
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('byte-identical');

    fs.writeFileSync(path.join(appDir, 'src', 'index.js'), 'export const text = "neu";\n');
    const changed = await build();
    expect(changed.code).toBe(1);
    expect(changed.stderr).toMatch(/mf-cart 0\.6\.0 exists already .* and this build differs \(remoteEntry\.js differs\)/);
    expect(fs.readFileSync(entry, 'utf8')).toBe(built);
  });
});

describe('integrity: every file is checked against its sha256 digest in build-info.json (docs/requirements.md#release-integrity)', () => {
  const menu020 = () => path.join(appRoot, 'mf-menu', 'dist', '0.2.0');

  it('build-info.json lists a sha256 digest of every served file', async () => {
    const info = JSON.parse(fs.readFileSync(path.join(menu020(), 'build-info.json'), 'utf8')) as { digests: Record<string, string> };
    expect(Object.keys(info.digests)).toEqual(['mf-manifest.json', 'remoteEntry.js']);
    expect(info.digests['remoteEntry.js']).toMatch(/^sha256-[A-Za-z0-9+/]{43}=$/);
  });

  it('publish refuses a build whose file was changed after the build', async () => {
    fs.appendFileSync(path.join(menu020(), 'remoteEntry.js'), '\nalert(1)');
    const run = await deploy('publish', 'mf-menu', '0.2.0');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/mf-menu 0\.2\.0 failed its integrity check .*tampered or damaged; refused\): remoteEntry\.js has other bytes than its build/);
    expect(fs.existsSync(path.join(storeDir, 'mf-menu', '0.2.0'))).toBe(false);
  });

  it('publish refuses a build with a file its build does not list, and one without digests', async () => {
    fs.writeFileSync(path.join(menu020(), 'evil.js'), 'alert(1)');
    expect((await deploy('publish', 'mf-menu', '0.2.0')).stderr).toMatch(/evil\.js is not part of the build/);
    const info = path.join(appRoot, 'mf-menu', 'dist', '0.3.0', 'build-info.json');
    const { digests: _digests, ...rest } = JSON.parse(fs.readFileSync(info, 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(info, JSON.stringify(rest));
    expect((await deploy('publish', 'mf-menu', '0.3.0')).stderr).toMatch(/lists no file digests/);
  });

  it('release refuses a published version tampered in the store, and changes nothing', async () => {
    await deployOk('publish', 'mf-menu', '0.2.0');
    fs.rmSync(menu020(), { recursive: true });
    fs.writeFileSync(path.join(storeDir, 'mf-menu', '0.2.0', 'remoteEntry.js'), '/* tampered */');
    const before = snapshot();
    const run = await deploy('release', 'mf-menu', '0.2.0', '--host', 'hamburg');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/mf-menu 0\.2\.0 .*failed its integrity check.*remoteEntry\.js has other bytes/);
    expectNothingReleased(before);
  });
});

describe('the control plane: descriptors, lease and log in the store (docs/requirements.md#release-control-plane)', () => {
  it('a changed checkout (deploy/hosts) never changes a descriptor the store has; a new one is seeded', async () => {
    const before = read('hamburg.json');
    fs.writeFileSync(path.join(seedDir, 'hamburg.json'), before.replace('"mf_menu": "0.1.0"', '"mf_menu": "0.3.0"'));
    fs.rmSync(path.join(hostsDir, 'eimsbuettel.json'));
    await deployOk('status');
    expect(read('hamburg.json')).toBe(before);
    expect(read('eimsbuettel.json')).toBe(fs.readFileSync(path.join(seedDir, 'eimsbuettel.json'), 'utf8'));
  });

  it('refuses while another machine holds the release lease, and goes on once it has expired', async () => {
    const lease = path.join(storeDir, 'release.lease');
    const holder = { actor: 'tom@test', machine: 'other-box', pid: 4242, command: 'release mf-cart 0.2.0', since: new Date().toISOString() };
    fs.writeFileSync(lease, JSON.stringify({ ...holder, expires: new Date(Date.now() + 60_000).toISOString() }));
    const before = snapshot();
    const run = await deploy('release', 'mf-menu', '0.2.0', '--host', 'hamburg');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Another release is running: release mf-cart 0\.2\.0 by tom@test on other-box \(pid 4242\).*nothing was changed/);
    expectNothingReleased(before);

    fs.writeFileSync(lease, JSON.stringify({ ...holder, expires: new Date(Date.now() - 1).toISOString() }));
    await deployOk('release', 'mf-menu', '0.2.0', '--host', 'hamburg');
    expect(JSON.parse(fs.readFileSync(lease, 'utf8'))).toMatchObject({ actor: 'jana@test', machine: 'release-box', released: true });
  });

  it('every log entry names actor, machine, commit and the digest of the released build (docs/requirements.md#release-audit)', async () => {
    await deployOk('release', 'mf-menu', '0.2.0', '--host', 'hamburg');
    const [entry] = logEntries();
    const buildInfo = fs.readFileSync(path.join(storeDir, 'mf-menu', '0.2.0', 'build-info.json'));
    expect(entry).toMatchObject({ seq: 1, actor: 'jana@test', machine: 'release-box', from: '0.1.0', to: '0.2.0' });
    expect(entry!.commit).toMatch(/^[0-9a-f]{40}(-dirty)?$/);
    expect(entry!.buildInfo).toBe(`sha256-${crypto.createHash('sha256').update(buildInfo).digest('base64')}`);
  });
});

describe('a production host (a public host name) is gated against what guests load (docs/requirements.md#release-gate)', () => {
  /** A stand-in for the host's public URL: its API's contract versions, descriptor and the versions' files, as the shop serves them. */
  async function publicHost(hostFile: string) {
    const server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/api/contract') return res.end(JSON.stringify({ current: 2, accepted: [1, 2] }));
      if (url.pathname === '/deploy/descriptor.json') {
        const d = JSON.parse(read(hostFile)) as { shell?: string; remotes: Record<string, string> };
        const remotes = Object.fromEntries(Object.entries(d.remotes).map(([k, v]) => [k, { version: v }]));
        return res.end(JSON.stringify({ shell: d.shell ?? 'local', remotes }));
      }
      const file = /^\/mf\/([^/]+)\/([^/]+)\/(.+)$/.exec(url.pathname);
      const full = file ? path.join(storeDir, file[1]!, file[2]!, file[3]!) : '';
      if (!file || !fs.existsSync(full)) return res.writeHead(404).end();
      res.end(file[3] === 'remoteEntry.js' && tamper ? 'tampered' : fs.readFileSync(full));
    });
    let tamper = false;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      tamper: () => (tamper = true),
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  it('needs a published shell, the host URL and a credential; then verifies what the URL serves', async () => {
    fs.copyFileSync(path.join(REAL_HOSTS, 'hamburg.json'), path.join(hostsDir, 'hamburg.json'));
    const before = snapshot();
    const bare = await deployProcess({ DEPLOY_PUBLIC_URL: '' }, 'release', 'mf-menu', '0.2.0', '--host', 'hamburg');
    expect(bare.code).toBe(1);
    expect(bare.stderr).toMatch(/hamburg\.json is a production host and runs no published shell/);
    expect(bare.stderr).toMatch(/hamburg\.json is a production host: set DEPLOY_PUBLIC_URL/);

    const host = await publicHost('hamburg.json');
    try {
      fakeShell('0.2.0');
      const env = { DEPLOY_PUBLIC_URL: host.url };
      expect((await deployProcess(env, 'release', 'shell', '0.2.0', '--host', 'hamburg')).stderr).toMatch(
        /production releases need a credential, and .*access\/release-tokens\.json lists none; nothing was changed/,
      );
      fs.mkdirSync(path.join(storeDir, 'access'), { recursive: true });
      fs.writeFileSync(path.join(storeDir, 'access', 'release-tokens.json'), JSON.stringify({ 'jana@test': sha256Of('s3cret') }));
      expect((await deployProcess({ ...env, DEPLOY_TOKEN: 'guess' }, 'release', 'shell', '0.2.0', '--host', 'hamburg')).stderr).toMatch(
        /jana@test may not release to production hosts/,
      );
      expectNothingReleased(before);

      const withToken = { ...env, DEPLOY_TOKEN: 's3cret' };
      const shell = await deployProcess(withToken, 'release', 'shell', '0.2.0', '--host', 'hamburg');
      expect(shell.stderr).toBe('');
      expect(shell.stdout).toContain('verified at');
      const menu = await deployProcess(withToken, 'release', 'mf-menu', '0.2.0', '--host', 'hamburg');
      expect(menu.stderr).toBe('');
      expect(menu.stdout).toMatch(/verified at .*descriptor names mf-menu 0\.2\.0, 2 file\(s\) with the built digests/);

      // The URL serves other bytes than the build: the command fails and says so (docs/requirements.md#release-verify).
      host.tamper();
      const tampered = await deployProcess(withToken, 'release', 'mf-menu', '0.3.0', '--host', 'hamburg');
      expect(tampered.code).toBe(1);
      expect(tampered.stderr).toMatch(
        /released mf-menu 0\.3\.0, but guests do not get its files as built:\n {2}- http:\/\/127\.0\.0\.1:\d+\/mf\/mf-menu\/0\.3\.0\/remoteEntry\.js: other bytes/,
      );
    } finally {
      await host.close();
    }
  });

  it('a canary on a production host needs the credential too, and its files are checked at the URL (docs/requirements.md#release-canary)', async () => {
    fs.copyFileSync(path.join(REAL_HOSTS, 'hamburg.json'), path.join(hostsDir, 'hamburg.json'));
    const host = await publicHost('hamburg.json');
    try {
      fakeShell('0.2.0');
      fs.mkdirSync(path.join(storeDir, 'access'), { recursive: true });
      fs.writeFileSync(path.join(storeDir, 'access', 'release-tokens.json'), JSON.stringify({ 'jana@test': sha256Of('s3cret') }));
      const env = { DEPLOY_PUBLIC_URL: host.url };
      expect((await deployProcess({ ...env, DEPLOY_TOKEN: 's3cret' }, 'release', 'shell', '0.2.0', '--host', 'hamburg')).code).toBe(0);
      const before = snapshot();
      const refused = await deployProcess(env, 'canary', 'mf-menu', '0.2.0', '--percent', '10', '--host', 'hamburg');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/jana@test may not release to production hosts/);
      expect(snapshot()).toEqual(before);

      const run = await deployProcess({ ...env, DEPLOY_TOKEN: 's3cret' }, 'canary', 'mf-menu', '0.2.0', '--percent', '10', '--host', 'hamburg');
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/verified at .*: mf-menu 0\.2\.0: 2 file\(s\) with the built digests/);
      expect(JSON.parse(read('hamburg.json')).canaries).toEqual({ mf_menu: { version: '0.2.0', percent: 10 } });
    } finally {
      await host.close();
    }
  });

  it('fails when the public URL keeps serving the old descriptor', async () => {
    const server = http.createServer((req, res) => {
      if (req.url === '/api/contract') return res.end(JSON.stringify({ accepted: [1, 2] }));
      if (req.url === '/deploy/descriptor.json') return res.end(JSON.stringify({ remotes: { mf_menu: { version: '0.1.0' } } }));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const run = await deployProcess({ DEPLOY_PUBLIC_URL: url, DEPLOY_VERIFY_SECONDS: '1' }, 'release', 'mf-menu', '0.2.0', '--host', '127.0.0.1');
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /localhost\.json: released mf-menu 0\.2\.0 into the store, but .*\/deploy\/descriptor\.json still serves 0\.1\.0 after 1 s: guests keep the old version/,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('bootstrap publishes the baseline (docs/requirements.md#release-baseline)', () => {
  it('publishes every version the descriptors name, once; a development build then changes nothing guests get', async () => {
    fs.rmSync(hostsDir, { recursive: true });
    const run = await deploy('bootstrap');
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/Seeded .* with eimsbuettel\.json, hamburg\.json, localhost\.json, preview\.json/);
    expect(run.stdout).toMatch(/Baseline: 5 version\(s\) named by 4 descriptor\(s\); 5 published now\./);
    for (const folder of FOLDERS) expect(fs.existsSync(path.join(storeDir, folder, '0.1.0', 'build-info.json'))).toBe(true);
    expect((await deploy('bootstrap')).stdout).toMatch(/5 version\(s\) named by 4 descriptor\(s\); 0 published now/);

    // A development build of 0.1.0 from changed sources: the published baseline is what is served.
    fs.writeFileSync(path.join(appRoot, 'mf-menu', 'dist', '0.1.0', 'remoteEntry.js'), '/* changed locally */');
    expect((await deploy('status')).stdout).toMatch(/localhost\.json.*0\.1\.0 ✓ published/);
    expect(fs.readFileSync(path.join(storeDir, 'mf-menu', '0.1.0', 'remoteEntry.js'), 'utf8')).toBe('/* mf-menu 0.1.0 */');
  });
});

describe('canary releases (docs/requirements.md#release-canary)', () => {
  const canaryLine = (text: string) => text.split('\n').find((l) => l.includes('"canaries"'));

  it('puts one canaries line above the remotes, gated and logged like a release; a second run resizes it', async () => {
    const original = read('hamburg.json');
    const run = await deploy('canary', 'mf-menu', '0.2.0', '--percent', '50', '--host', 'hamburg');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('hamburg.json: mf-menu 0.1.0 → 0.2.0');
    const withCanary = read('hamburg.json');
    expect(withCanary.split('\n')).toHaveLength(original.split('\n').length + 1);
    expect(canaryLine(withCanary)).toBe('  "canaries": {"mf_menu":{"version":"0.2.0","percent":50}},');
    expect(lineOf(withCanary, 'canaries')).toBe(lineOf(withCanary, 'remotes') - 1);
    // Everyone else keeps the host's version: its line is unchanged.
    expect(JSON.parse(withCanary).remotes.mf_menu).toBe('0.1.0');
    expect(withCanary.replace(/^.*"canaries".*\n/m, '')).toBe(original);
    // Published like a release, so every machine sharing the store serves it.
    expect(fs.existsSync(path.join(storeDir, 'mf-menu', '0.2.0', 'build-info.json'))).toBe(true);

    await deployOk('canary', 'mf-menu', '0.2.0', '--percent', '20', '--host', 'hamburg');
    expect(changedLines(withCanary, read('hamburg.json'))).toEqual([
      { line: lineOf(withCanary, 'canaries'), text: '  "canaries": {"mf_menu":{"version":"0.2.0","percent":20}},' },
    ]);
    expect((await deploy('canary', 'mf-menu', '0.2.0', '--percent', '20', '--host', 'hamburg')).stdout).toContain('runs for 20 % already; unchanged');
    expect((await deploy('status')).stdout).toMatch(/hamburg\.json.*0\.1\.0 ✓ built \(canary 0\.2\.0 for 20 %\)/);
    const entries = logEntries();
    expect(entries.map((e) => `${e.action} ${e.from}->${e.to} ${e.percent}`)).toEqual(['canary 0.1.0->0.2.0 50', 'canary 0.1.0->0.2.0 20']);
    expect(entries[0]).toMatchObject({ hostFile: 'hamburg.json', remote: 'mf-menu', actor: 'jana@test', machine: 'release-box' });
    expect(entries[0]!.buildInfo).toMatch(/^sha256-/);
  });

  it('promote makes the canary the host version (the same bytes as a release); rollback then goes back before it', async () => {
    const original = read('hamburg.json');
    await deployOk('release', 'mf-menu', '0.2.0', '--host', 'hamburg');
    const released = read('hamburg.json');
    await deployOk('rollback', 'mf-menu', '--host', 'hamburg');

    await deployOk('canary', 'mf-menu', '0.2.0', '--percent', '50', '--host', 'hamburg');
    const run = await deploy('promote', 'mf-menu', '--host', 'hamburg');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('hamburg.json: mf-menu 0.1.0 → 0.2.0');
    expect(read('hamburg.json')).toBe(released);

    await deployOk('rollback', 'mf-menu', '--host', 'hamburg');
    expect(read('hamburg.json')).toBe(original);
    expect(releaseHistory()).toEqual(['release 0.1.0->0.2.0', 'rollback 0.2.0->0.1.0', 'canary 0.1.0->0.2.0', 'promote 0.1.0->0.2.0', 'rollback 0.2.0->0.1.0']);
  });

  it('rollback ends a running canary (byte for byte) and leaves the releases before it in place', async () => {
    await deployOk('release', 'mf-menu', '0.2.0', '--host', 'hamburg');
    const before = read('hamburg.json');
    await deployOk('canary', 'mf-menu', '0.3.0', '--percent', '10', '--host', 'hamburg');
    const run = await deploy('rollback', 'mf-menu', '--host', 'hamburg');
    expect(run.stdout).toContain('hamburg.json: mf-menu 0.3.0 → 0.2.0');
    expect(read('hamburg.json')).toBe(before);
    expect(logEntries().at(-1)).toMatchObject({ action: 'canary-rollback', from: '0.3.0', to: '0.2.0' });
    // The next rollback undoes the release, as if the canary had never run.
    expect((await deploy('rollback', 'mf-menu', '--host', 'hamburg')).stdout).toContain('mf-menu 0.2.0 → 0.1.0');
  });

  it('keeps canaries of different remotes on one line, each ended on its own', async () => {
    fakeBuild('mf-cart', '0.2.0');
    await deployOk('canary', 'mf-menu', '0.2.0', '--percent', '50', '--host', 'hamburg');
    await deployOk('canary', 'mf-cart', '0.2.0', '--percent', '5', '--host', 'hamburg');
    expect(JSON.parse(read('hamburg.json')).canaries).toEqual({ mf_menu: { version: '0.2.0', percent: 50 }, mf_cart: { version: '0.2.0', percent: 5 } });
    await deployOk('promote', 'mf-cart', '--host', 'hamburg');
    const json = JSON.parse(read('hamburg.json'));
    expect(json.canaries).toEqual({ mf_menu: { version: '0.2.0', percent: 50 } });
    expect(json.remotes).toMatchObject({ mf_cart: '0.2.0', mf_menu: '0.1.0' });
  });

  const refusals: Refusal[] = [
    { name: 'no percentage', args: ['canary', 'mf-menu', '0.2.0'], code: 2, message: /--percent <1–99>/ },
    { name: 'a percentage out of range', args: ['canary', 'mf-menu', '0.2.0', '--percent', '100'], code: 1, message: /expected a whole number from 1 to 99/ },
    { name: 'a percentage that is no number', args: ['canary', 'mf-menu', '0.2.0', '--percent', 'half'], code: 1, message: /expected a whole number/ },
    { name: '--percent on a release', args: ['release', 'mf-menu', '0.2.0', '--percent', '5'], code: 2, message: /--percent belongs to canary/ },
    { name: 'a shell canary', args: ['canary', 'shell', '0.2.0', '--percent', '5'], code: 1, message: /Canaries are for remotes/ },
    { name: 'the version every browser runs', args: ['canary', 'mf-menu', '0.1.0', '--percent', '5'], code: 1, message: /runs for every browser already/ },
    { name: 'a version that is not built', args: ['canary', 'mf-menu', '0.9.0', '--percent', '5'], code: 1, message: /No usable build of mf-menu 0\.9\.0/ },
    { name: 'promote without a canary', args: ['promote', 'mf-menu', '--host', 'hamburg'], code: 1, message: /no canary of mf-menu is running to promote/ },
    {
      name: "a canary that needs a singleton the host's shell does not provide (the release gate)",
      args: ['canary', 'mf-menu', '0.4.0', '--percent', '50', '--host', 'hamburg'],
      code: 1,
      message: /hamburg\.json: refused to release mf-menu 0\.4\.0:\n {2}- mf-menu 0\.4\.0 needs rxjs \^8\.0\.0, shell local provides 7\.8\.2/,
      setup: () => fakeBuild('mf-menu', '0.4.0', {}, { requires: { ...REQUIRED, rxjs: '^8.0.0' } }),
    },
  ];
  for (const c of refusals) {
    it(`refuses ${c.name} and changes nothing`, () => expectRefused(c));
  }
});
