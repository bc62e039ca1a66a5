import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, REPO_ROOT } from '../../src/config';
import { createApi, noAuth, type Api } from '../../src/server';
import { openMemoryPglite } from './databases';

/** A new temporary folder (`prefix` names it) with a copy of deploy/hosts in `<tmp>/hosts`; the caller removes it. */
export function copyHosts(prefix: string): { tmp: string; hostsDir: string } {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const hostsDir = path.join(tmp, 'hosts');
  fs.cpSync(path.join(REPO_ROOT, 'deploy', 'hosts'), hostsDir, { recursive: true });
  return { tmp, hostsDir };
}

export interface DescriptorApi {
  readonly api: Api;
  /** The temporary folder: app root, with the store in `<tmp>/store`. */
  readonly tmp: string;
  /** The store's descriptors (seeded from the copy of deploy/hosts): what the API serves, what a test edits by hand. */
  readonly descriptorsDir: string;
  /** Closes the API and removes the folder. */
  close(): Promise<void>;
}

/**
 * An API that serves the host descriptors from its store's control plane, as in production
 * (DESCRIPTORS_FROM=store): the store in a temporary folder is seeded from a copy of deploy/hosts, so
 * hand edits and the deploy command change the store's descriptors. On an in-memory PGlite, not seeded.
 */
export async function startDescriptorApi(prefix: string): Promise<DescriptorApi> {
  const { tmp, hostsDir } = copyHosts(prefix);
  const config = {
    ...loadConfig({ DESCRIPTORS_FROM: 'store' }),
    logLevel: 'silent',
    deployHostsDir: hostsDir,
    appRoot: tmp,
    artifactStore: path.join(tmp, 'store'),
  };
  try {
    const api = await createApi(config, { database: await openMemoryPglite(), verifier: noAuth, seed: false });
    return {
      api,
      tmp,
      descriptorsDir: path.join(tmp, 'store', 'descriptors'),
      close: async () => {
        await api.close();
        fs.rmSync(tmp, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}
