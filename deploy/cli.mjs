#!/usr/bin/env node
// Builds, publishes, releases (gated) or rolls back one app version per host by changing one descriptor line.
//   npm run deploy -- build <app> <version>
//   npm run deploy -- publish <app> <version>
//   npm run deploy -- release <app> <version> [--host <file-or-host> | --all] [--build]
//   npm run deploy -- rollback <app> [--host <file-or-host> | --all]
//   npm run deploy -- canary <app> <version> --percent <n> [--host <file-or-host> | --all] [--build]
//   npm run deploy -- promote <app> [--host <file-or-host> | --all]
//   npm run deploy -- status
//   npm run deploy -- bootstrap
// See deploy/README.md.
import { pathToFileURL } from 'node:url';
import { bootstrap, build, canary, promote, publish, release, rollback, status } from './lib/commands.mjs';
import { DeployError, usageError } from './lib/errors.mjs';
import { deployPaths } from './lib/paths.mjs';

export const USAGE = `Usage: npm run deploy -- <command>

  build <app> <version>
      Build exactly this app as <version>. An existing (built or published) version is only
      rebuilt to prove it byte-identical; a different build is refused.
  publish <app> <version>
      Put a built version into the artifact store; from then on it never changes.
  release <app> <version> [--host <file-or-host> | --all] [--build]
      Publish the version if needed, check it (the gate: singletons of the host's shell,
      contract version, files), then point the host's descriptor at it (one line changes).
      --host   a descriptor file (hamburg.json, hamburg, deploy/hosts/hamburg.json)
               or a host name listed in it (hamburg.localhost); default: the '*' descriptor
      --all    every descriptor
      --build  build exactly this app as <version> first if it is not built yet
  rollback <app> [--host <file-or-host> | --all]
      Back to the version before the last release (from the release log in the store), gated;
      with a canary of the app running: ends the canary (every browser back on the host's version).
  canary <app> <version> --percent <n> [--host <file-or-host> | --all] [--build]
      Run <version> for n % (1–99) of the host's browsers, each kept on its version (a cookie the
      API decides by); gated, published and logged like a release. Again with another n: resize.
  promote <app> [--host <file-or-host> | --all]
      The running canary's version for every browser (a release; rollback goes back before it).
  bootstrap
      Seed the store's descriptors from DEPLOY_HOSTS_DIR (only those it lacks) and publish every
      version they name (building it first where no build exists): the published baseline.
  status
      Hosts × apps with their versions and whether each is published or built.

Apps: shell, mf-menu, mf-cart, mf-checkout, mf-account, mf-orders
Environment: DEPLOY_HOSTS_DIR (the seed descriptors), APP_ROOT (where builds live),
             ARTIFACT_STORE (artifact store folder: versions, descriptors, lease, log; default deploy/artifacts),
             ARTIFACT_S3_* (the bucket that is the store), DEPLOY_ACTOR (who releases; default git user.email),
             DEPLOY_TOKEN (the actor's credential: production hosts), DEPLOY_MACHINE (default host name),
             DEPLOY_PUBLIC_URL (the host's URL: its API's contract, the files, the check after release),
             DEPLOY_VERIFY_SECONDS (how long the check after release waits; default 30)`;

const COMMANDS = { bootstrap, build, canary, promote, publish, release, rollback, status };
const FLAGS = new Set(['--all', '--build']);
const VALUED = new Set(['--host', '--percent']);

export function parseArgs(argv) {
  const [command, ...rest] = argv;
  const args = [];
  const options = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const [name, inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [arg];
    if (FLAGS.has(name)) {
      if (inline !== undefined) throw usageError(`${name} takes no value`);
      options[name.slice(2)] = true;
    } else if (VALUED.has(name)) {
      const value = inline ?? rest[++i];
      if (value === undefined || value.startsWith('--')) throw usageError(`${name} needs a value`);
      options[name.slice(2)] = value;
    } else if (arg.startsWith('-')) {
      throw usageError(`Unknown option ${arg}`);
    } else {
      args.push(arg);
    }
  }
  return { command, args, options };
}

export async function main(argv, { log = console.log, error = console.error, env = process.env } = {}) {
  if (argv.length === 0 || ['help', '--help', '-h'].includes(argv[0])) {
    (argv.length === 0 ? error : log)(USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  try {
    const { command, args, options } = parseArgs(argv);
    const run = COMMANDS[command];
    if (!run) throw usageError(`Unknown command "${command}"`);
    if (['status', 'build', 'publish', 'bootstrap'].includes(command) && (options.host || options.all || options.build))
      throw usageError(`${command} takes no options`);
    if (command === 'rollback' && options.build) throw usageError('rollback does not build: it goes back to a version that is already built');
    if (command === 'promote' && options.build) throw usageError('promote does not build: it takes the running canary');
    if (options.percent !== undefined && command !== 'canary') throw usageError('--percent belongs to canary');
    await run(deployPaths(env), args, options, { log });
    return 0;
  } catch (e) {
    if (e instanceof DeployError) {
      error(`deploy: ${e.message}`);
      if (e.exitCode === 2) error(`\n${USAGE}`);
      return e.exitCode;
    }
    throw e;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
