// Where an API instance reads its host descriptors (docs/requirements.md#release-control-plane): from
// the artifact store's control plane, never from a checkout. deploy/hosts/ (DEPLOY_HOSTS_DIR) only
// seeds descriptors the store does not have yet (create-only).
//   - folder store: <ARTIFACT_STORE>/descriptors/ is read directly (re-read when a file changes).
//   - S3 store: the bucket's descriptors/ are polled (DESCRIPTOR_POLL_MS) into a local mirror folder
//     <ARTIFACT_STORE>/.s3-descriptors/ that the descriptor source reads; a poll failure keeps the mirror.
import fs from 'node:fs';
import path from 'node:path';
import { DESCRIPTORS_PREFIX, folderControlStore, readStoredDescriptors, s3ControlStore, seedDescriptors, type ControlStore } from './control-store';
import type { S3ArtifactConfig } from './s3-config';

export interface StoreDescriptors {
  /** The folder the descriptor source reads. */
  readonly dir: string;
  /** Polls the bucket once (S3 only): true when a descriptor changed. */
  sync(): Promise<boolean>;
  close(): void;
}

/** Writes the bucket's descriptors into the mirror folder (atomic per file); removes those the bucket no longer has. */
async function mirror(control: ControlStore, dir: string): Promise<boolean> {
  const stored = await readStoredDescriptors(control);
  fs.mkdirSync(dir, { recursive: true });
  let changed = false;
  const names = new Set(stored.map((d) => d.name));
  for (const { name, text } of stored) {
    const file = path.join(dir, name);
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) continue;
    const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
    changed = true;
  }
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json') && !names.has(f))) {
    fs.rmSync(path.join(dir, file), { force: true });
    changed = true;
  }
  return changed;
}

export async function openStoreDescriptors(options: {
  artifactStore: string;
  seedDir: string;
  s3: S3ArtifactConfig | undefined;
  onError?: (error: Error) => void;
}): Promise<StoreDescriptors> {
  const control = options.s3 ? s3ControlStore(options.s3) : folderControlStore(options.artifactStore);
  await seedDescriptors(control, options.seedDir);
  if (!options.s3) {
    control.close();
    return { dir: path.join(options.artifactStore, DESCRIPTORS_PREFIX), sync: async () => false, close: () => undefined };
  }
  const dir = path.join(options.artifactStore, '.s3-descriptors');
  await mirror(control, dir);
  return {
    dir,
    async sync() {
      try {
        return await mirror(control, dir);
      } catch (error) {
        options.onError?.(error as Error);
        return false;
      }
    },
    close: () => control.close(),
  };
}
