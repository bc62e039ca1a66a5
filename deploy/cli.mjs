#!/usr/bin/env node
// Releases or rolls back one remote version per host by changing one descriptor line.
//   npm run deploy -- release <remote> <version> [--host <file-or-host> | --all] [--build]
//   npm run deploy -- rollback <remote> [--host <file-or-host> | --all]
//   npm run deploy -- status
// See deploy/README.md.
import { pathToFileURL } from 'node:url';
import { release, rollback, status } from './lib/commands.mjs';
import { DeployError, usageError } from './lib/errors.mjs';
import { deployPaths } from './lib/paths.mjs';

export const USAGE = `Usage: npm run deploy -- <command>

  release <remote> <version> [--host <file-or-host> | --all] [--build]
      Point the host's descriptor at <remote>/dist/<version>/ (one line changes).
      --host   a descriptor file (hamburg.json, hamburg, deploy/hosts/hamburg.json)
               or a host name listed in it (hamburg.localhost); default: the '*' descriptor
      --all    every descriptor
      --build  build exactly this remote as <version> first if it is not built yet
  rollback <remote> [--host <file-or-host> | --all]
      Back to the version before the last release (from deploy/releases.log).
  status
      Hosts × remotes with their versions and whether each build exists.

Remotes: mf-menu, mf-cart, mf-checkout, mf-account, mf-orders
Environment: DEPLOY_HOSTS_DIR (descriptor folder), APP_ROOT (where <remote>/dist lives),
             DEPLOY_RELEASE_LOG (log file; default beside the hosts folder)`;

const COMMANDS = { release, rollback, status };
const FLAGS = new Set(['--all', '--build']);
const VALUED = new Set(['--host']);

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
    if (command === 'status' && (options.host || options.all || options.build)) throw usageError('status takes no options');
    if (command === 'rollback' && options.build) throw usageError('rollback does not build: it goes back to a version that is already built');
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
