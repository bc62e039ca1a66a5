// The deploy command on a temporary copy of deploy/hosts and a temporary APP_ROOT with builds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Each case runs the command as a child process (and one a webpack build): generous limits on a busy machine.
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
let hostsDir: string;
let appRoot: string;
let logFile: string;
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
}

function deploy(...args: string[]): Run {
  const res = spawnSync(process.execPath, [CLI, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DEPLOY_HOSTS_DIR: hostsDir, APP_ROOT: appRoot, DEPLOY_RELEASE_LOG: logFile, ARTIFACT_STORE: storeDir, DEPLOY_PUBLIC_URL: '' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

const read = (file: string) => fs.readFileSync(path.join(hostsDir, file), 'utf8');
const snapshot = () => Object.fromEntries(fs.readdirSync(hostsDir).map((f) => [f, read(f)]));
const logEntries = () =>
  fs.existsSync(logFile)
    ? fs
        .readFileSync(logFile, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, string>)
    : [];

/** Line numbers (1-based) and new text of every line that differs; the line count must stay. */
function changedLines(before: string, after: string) {
  const a = before.split('\n');
  const b = after.split('\n');
  expect(b).toHaveLength(a.length);
  return a.flatMap((line, i) => (line === b[i] ? [] : [{ line: i + 1, text: b[i] }]));
}

/** 1-based number of the line that holds a remote's entry. */
const lineOf = (text: string, key: string) => text.split('\n').findIndex((l) => l.includes(`"${key}":`)) + 1;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-deploy-'));
  hostsDir = path.join(tmp, 'hosts');
  appRoot = path.join(tmp, 'app');
  logFile = path.join(tmp, 'releases.log');
  storeDir = path.join(tmp, 'store');
  fs.cpSync(REAL_HOSTS, hostsDir, { recursive: true });
  fakeShell('local');
  for (const folder of FOLDERS) fakeBuild(folder, '0.1.0');
  fakeBuild('mf-menu', '0.2.0');
  fakeBuild('mf-menu', '0.3.0');
});

afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('deploy release', () => {
  it('changes exactly the one remote line of the chosen host and logs the previous version', () => {
    const before = snapshot();
    const run = deploy('release', 'mf-menu', '0.2.0', '--host', 'hamburg.localhost');
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

  it('accepts the host as file name, bare name, path or host with port, and defaults to the * descriptor', () => {
    expect(deploy('release', 'mf-menu', '0.2.0', '--host', 'eimsbuettel.json').code).toBe(0);
    expect(JSON.parse(read('eimsbuettel.json')).remotes.mf_menu).toBe('0.2.0');
    expect(deploy('release', 'mf_menu', '0.3.0', '--host=eimsbuettel').code).toBe(0);
    expect(JSON.parse(read('eimsbuettel.json')).remotes.mf_menu).toBe('0.3.0');
    expect(deploy('release', 'mf-menu', '0.2.0', '--host', path.join(hostsDir, 'hamburg.json')).code).toBe(0);
    expect(JSON.parse(read('hamburg.json')).remotes.mf_menu).toBe('0.2.0');

    const before = read('localhost.json');
    const run = deploy('release', 'mf-menu', '0.3.0');
    expect(run.code).toBe(0);
    expect(changedLines(before, read('localhost.json'))).toEqual([{ line: lineOf(before, 'mf_menu'), text: '    "mf_menu": "0.3.0",' }]);
    expect(deploy('release', 'mf-menu', '0.2.0', '--host', 'localhost:3000').code).toBe(0);
    expect(JSON.parse(read('localhost.json')).remotes.mf_menu).toBe('0.2.0');
  });

  it('edits the last remote line (no trailing comma) without touching its neighbours', () => {
    fakeBuild('mf-orders', '0.1.1');
    const before = read('localhost.json');
    expect(deploy('release', 'mf-orders', '0.1.1').code).toBe(0);
    expect(changedLines(before, read('localhost.json'))).toEqual([{ line: lineOf(before, 'mf_orders'), text: '    "mf_orders": "0.1.1"' }]);
  });

  it('releases on every host with --all, one line per file', () => {
    const before = snapshot();
    const run = deploy('release', 'mf-menu', '0.2.0', '--all');
    expect(run.code).toBe(0);
    const after = snapshot();
    for (const file of ['eimsbuettel.json', 'hamburg.json', 'localhost.json', 'preview.json']) {
      expect(changedLines(before[file]!, after[file]!)).toEqual([{ line: lineOf(before[file]!, 'mf_menu'), text: '    "mf_menu": "0.2.0",' }]);
    }
    expect(logEntries().map((e) => e.hostFile)).toEqual(['eimsbuettel.json', 'hamburg.json', 'localhost.json', 'preview.json']);
  });

  it('does nothing and logs nothing when the host already has that version', () => {
    const before = snapshot();
    const run = deploy('release', 'mf-menu', '0.1.0', '--host', 'hamburg');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('already 0.1.0');
    expect(snapshot()).toEqual(before);
    expect(logEntries()).toEqual([]);
  });
});

describe('deploy rollback', () => {
  it('restores the file byte for byte and walks back through several releases', () => {
    const original = read('hamburg.json');
    expect(deploy('release', 'mf-menu', '0.2.0', '--host', 'hamburg').code).toBe(0);
    const at020 = read('hamburg.json');
    expect(deploy('release', 'mf-menu', '0.3.0', '--host', 'hamburg').code).toBe(0);

    const first = deploy('rollback', 'mf-menu', '--host', 'hamburg');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('hamburg.json: mf-menu 0.3.0 → 0.2.0');
    expect(read('hamburg.json')).toBe(at020);

    expect(deploy('rollback', 'mf-menu', '--host', 'hamburg').code).toBe(0);
    expect(read('hamburg.json')).toBe(original);

    const none = deploy('rollback', 'mf-menu', '--host', 'hamburg');
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/no release of mf-menu .* to roll back \(it is at 0\.1\.0\)/);
    expect(read('hamburg.json')).toBe(original);

    expect(logEntries().map((e) => `${e.action} ${e.from}->${e.to}`)).toEqual([
      'release 0.1.0->0.2.0',
      'release 0.2.0->0.3.0',
      'rollback 0.3.0->0.2.0',
      'rollback 0.2.0->0.1.0',
    ]);
  });

  it('keeps hosts apart: a rollback on one host leaves the other releases in place', () => {
    expect(deploy('release', 'mf-menu', '0.2.0', '--host', 'hamburg').code).toBe(0);
    expect(deploy('release', 'mf-menu', '0.3.0', '--host', 'eimsbuettel').code).toBe(0);
    expect(deploy('rollback', 'mf-menu', '--host', 'eimsbuettel').code).toBe(0);
    expect(JSON.parse(read('eimsbuettel.json')).remotes.mf_menu).toBe('0.1.0');
    expect(JSON.parse(read('hamburg.json')).remotes.mf_menu).toBe('0.2.0');
  });

  it('refuses when the descriptor was changed by hand after the last release', () => {
    expect(deploy('release', 'mf-menu', '0.2.0', '--host', 'hamburg').code).toBe(0);
    const file = path.join(hostsDir, 'hamburg.json');
    fs.writeFileSync(file, read('hamburg.json').replace('"mf_menu": "0.2.0"', '"mf_menu": "0.3.0"'));
    const before = read('hamburg.json');
    const run = deploy('rollback', 'mf-menu', '--host', 'hamburg');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('mf-menu is at 0.3.0, but the last release in the log set 0.2.0');
    expect(read('hamburg.json')).toBe(before);
  });

  it('refuses to roll back to a version whose build has been deleted', () => {
    expect(deploy('release', 'mf-menu', '0.2.0', '--host', 'hamburg').code).toBe(0);
    fs.rmSync(path.join(appRoot, 'mf-menu', 'dist', '0.1.0'), { recursive: true });
    const run = deploy('rollback', 'mf-menu', '--host', 'hamburg');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('No usable build of mf-menu 0.1.0');
    expect(JSON.parse(read('hamburg.json')).remotes.mf_menu).toBe('0.2.0');
  });
});

describe('deploy refuses bad input with a clear message and changes nothing', () => {
  const cases: { name: string; args: string[]; code: number; message: RegExp; setup?: () => void }[] = [
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
    it(c.name, () => {
      c.setup?.();
      const before = snapshot();
      const run = deploy(...c.args);
      expect(run.code).toBe(c.code);
      expect(run.stderr).toMatch(c.message);
      expect(snapshot()).toEqual(before);
      expect(logEntries()).toEqual([]);
    });
  }
});

describe('deploy status', () => {
  it('shows every host × remote with its version and whether the build exists', () => {
    fs.rmSync(path.join(appRoot, 'mf-checkout', 'dist', '0.1.0'), { recursive: true });
    expect(deploy('release', 'mf-menu', '0.3.0', '--host', 'hamburg').code).toBe(0);
    const run = deploy('status');
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
  it('builds exactly the named remote as that version, then releases it', () => {
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

    const run = deploy('release', 'mf-orders', '0.4.0', '--host', 'eimsbuettel', '--build');
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
    const again = deploy('release', 'mf-orders', '0.4.0', '--host', 'hamburg', '--build');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already built; not rebuilt');
    expect(fs.readFileSync(path.join(appDir, 'dist', '0.4.0', 'build-stamp.json'), 'utf8')).toBe(stamp);
    expect(JSON.parse(read('hamburg.json')).remotes.mf_orders).toBe('0.4.0');
  });

  it('releases nothing when the build fails', () => {
    const appDir = path.join(appRoot, 'mf-cart');
    fs.writeFileSync(
      path.join(appDir, 'webpack.config.mjs'),
      `export default () => ({ mode: 'production', context: ${JSON.stringify(appDir)}, entry: './src/missing.js', output: { path: ${JSON.stringify(path.join(appDir, 'dist', '0.5.0'))} } });\n`,
    );
    const before = snapshot();
    const run = deploy('release', 'mf-cart', '0.5.0', '--build');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Build of mf-cart 0.5.0 failed');
    expect(snapshot()).toEqual(before);
    expect(logEntries()).toEqual([]);
  });
});

describe('the shell is released and rolled back per host', () => {
  it('puts one shell line into the host descriptor, gated against the host remotes, and takes it out on rollback', () => {
    fakeShell('0.2.0');
    const before = snapshot();
    const run = deploy('release', 'shell', '0.2.0', '--host', 'hamburg');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('hamburg.json: shell local → 0.2.0');
    expect(JSON.parse(read('hamburg.json')).shell).toBe('0.2.0');
    expect(read('eimsbuettel.json')).toBe(before['eimsbuettel.json']);
    expect(fs.existsSync(path.join(storeDir, 'shell', '0.2.0', 'index.html'))).toBe(true);

    // A remote is now checked against the host's released shell.
    fakeShell('0.3.0', { provides: { ...PROVIDED, rxjs: '8.0.0' } });
    expect(deploy('release', 'shell', '0.3.0', '--host', 'hamburg').stderr).toMatch(/mf-menu 0\.1\.0 needs rxjs \^7\.8\.2, shell 0\.3\.0 provides 8\.0\.0/);

    expect(deploy('rollback', 'shell', '--host', 'hamburg').code).toBe(0);
    expect(read('hamburg.json')).toBe(before['hamburg.json']);
  });
});

describe('published versions are immutable and live in the artifact store', () => {
  it('publishes once; a different build under the same version is refused; the same bytes are a no-op', () => {
    expect(deploy('publish', 'mf-menu', '0.2.0').code).toBe(0);
    expect(fs.readFileSync(path.join(storeDir, 'mf-menu', '0.2.0', 'remoteEntry.js'), 'utf8')).toBe('/* mf-menu 0.2.0 */');
    expect(deploy('publish', 'mf-menu', '0.2.0').stdout).toContain('published already (identical)');

    fs.writeFileSync(path.join(appRoot, 'mf-menu', 'dist', '0.2.0', 'remoteEntry.js'), '/* changed */');
    const run = deploy('publish', 'mf-menu', '0.2.0');
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/mf-menu 0\.2\.0 is published already and the local build differs \(remoteEntry\.js differs\)/);
    expect(fs.readFileSync(path.join(storeDir, 'mf-menu', '0.2.0', 'remoteEntry.js'), 'utf8')).toBe('/* mf-menu 0.2.0 */');
  });

  it('a fresh machine with only the store (no builds) can release and roll back every published version', () => {
    expect(deploy('release', 'mf-menu', '0.2.0', '--host', 'hamburg').code).toBe(0);
    expect(deploy('release', 'mf-menu', '0.3.0', '--host', 'hamburg').code).toBe(0);
    for (const folder of FOLDERS) expect(deploy('publish', folder, '0.1.0').code).toBe(0);
    // The shell the host runs must be published too: release one, then wipe every local build.
    fakeShell('0.2.0');
    expect(deploy('release', 'shell', '0.2.0', '--host', 'hamburg').code).toBe(0);
    fs.rmSync(appRoot, { recursive: true });

    expect(deploy('rollback', 'mf-menu', '--host', 'hamburg').code).toBe(0);
    expect(JSON.parse(read('hamburg.json')).remotes.mf_menu).toBe('0.2.0');
    expect(deploy('release', 'mf-menu', '0.3.0', '--host', 'hamburg').code).toBe(0);
    expect(deploy('status').stdout).toMatch(/hamburg\.localhost.*0\.2\.0 ✓ published\s+0\.3\.0 ✓ published/);
  });

  it('rebuilding an existing version fails unless the output is byte-identical', () => {
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
    expect(deploy('build', 'mf-cart', '0.6.0').code).toBe(0);
    const entry = path.join(appDir, 'dist', '0.6.0', 'remoteEntry.js');
    const built = fs.readFileSync(entry, 'utf8');
    expect(built).toContain('alt');

    const same = deploy('build', 'mf-cart', '0.6.0');
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('byte-identical');

    fs.writeFileSync(path.join(appDir, 'src', 'index.js'), 'export const text = "neu";\n');
    const changed = deploy('build', 'mf-cart', '0.6.0');
    expect(changed.code).toBe(1);
    expect(changed.stderr).toMatch(/mf-cart 0\.6\.0 exists already .* and this build differs \(remoteEntry\.js differs\)/);
    expect(fs.readFileSync(entry, 'utf8')).toBe(built);
  });
});
