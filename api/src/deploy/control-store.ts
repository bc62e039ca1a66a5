// The release control plane (docs/requirements.md#release-control-plane): the host descriptors, the
// release lease and the release log live in the artifact store (a folder or an S3 bucket), the one
// source of truth every release machine and every API instance reads. deploy/hosts/ is only the seed.
//
// Every write is a compare-and-swap, as import-map-deployer's writes should have been:
//   - S3: PutObject with If-Match <etag> (replace exactly what was read) or If-None-Match: * (create);
//     412 (or 409, a concurrent conditional write) means someone else wrote first.
//   - folder: create = write a temporary file and link(2) it to the name (fails when the name exists);
//     replace = under a per-key lock file (O_EXCL), compare the current digest, then rename(2).
// Layout inside the store:
//   descriptors/<name>.json        one host descriptor per object
//   releases/<seq 10 digits>.json  one release-log entry per object, created with If-None-Match: *
//   release.lease                  who is releasing right now (serializes releases across machines)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3ArtifactConfig } from './s3-config';

// As in s3-artifacts.ts: the pinned SDK supports Node 20; its notice is for whoever upgrades it.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

export const DESCRIPTORS_PREFIX = 'descriptors/';
export const RELEASES_PREFIX = 'releases/';
export const LEASE_KEY = 'release.lease';

export interface StoredObject {
  readonly body: string;
  readonly etag: string;
}
/** `{ ifMatch }`: replace exactly this version; `{ ifNoneMatch: true }`: create, never overwrite. */
export type WriteCondition = { readonly ifMatch: string } | { readonly ifNoneMatch: true };

/** Someone else wrote the object first (the compare-and-swap lost). */
export class PreconditionFailedError extends Error {}

export interface ControlStore {
  describe(): string;
  get(key: string): Promise<StoredObject | null>;
  /** Writes under a condition; returns the new ETag or throws PreconditionFailedError. */
  put(key: string, body: string, condition: WriteCondition): Promise<string>;
  /** Keys under a prefix, sorted. */
  list(prefix: string): Promise<string[]>;
  close(): void;
}

const etagOf = (body: string | Buffer) => `"${crypto.createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
/** A key (or a list prefix ending in '/') without empty, '.' or '..' segments. */
const safeKey = (key: string) => {
  const segments = key.replace(/\/$/, '').split('/');
  if (!key || segments.some((part) => part === '' || part === '.' || part === '..')) throw new Error(`Invalid control-store key "${key}"`);
  return key;
};

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The control plane in a folder (ARTIFACT_STORE) every machine and instance shares. */
export function folderControlStore(root: string): ControlStore {
  const fileOf = (key: string) => path.join(root, ...safeKey(key).split('/'));
  const read = (key: string): StoredObject | null => {
    try {
      const body = fs.readFileSync(fileOf(key));
      return { body: body.toString('utf8'), etag: etagOf(body) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  const tmpOf = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`);

  async function withKeyLock<T>(file: string, fn: () => T): Promise<T> {
    const lock = `${file}.lock`;
    for (let attempt = 0; ; attempt++) {
      try {
        fs.closeSync(fs.openSync(lock, 'wx'));
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        // A writer holds a key lock for microseconds; one older than 30 s belongs to a crashed process.
        const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
        if (age > 30_000) fs.rmSync(lock, { force: true });
        if (attempt > 500) throw new PreconditionFailedError(`${file} is locked by another writer`);
        await sleep(10);
      }
    }
    try {
      return fn();
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }

  return {
    describe: () => root,
    get: async (key) => read(key),
    async put(key, body, condition) {
      const file = fileOf(key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = tmpOf(file);
      fs.writeFileSync(tmp, body);
      try {
        if ('ifNoneMatch' in condition) {
          try {
            fs.linkSync(tmp, file);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new PreconditionFailedError(`${key} exists already`);
            throw error;
          }
          return etagOf(body);
        }
        return await withKeyLock(file, () => {
          const current = read(key);
          if (current?.etag !== condition.ifMatch) throw new PreconditionFailedError(`${key} was changed by someone else`);
          fs.renameSync(tmp, file);
          return etagOf(body);
        });
      } finally {
        fs.rmSync(tmp, { force: true });
      }
    },
    async list(prefix) {
      const dir = fileOf(prefix.replace(/\/$/, ''));
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        .filter((name) => !name.startsWith('.') && !name.endsWith('.lock'))
        .sort()
        .map((name) => `${prefix}${name}`);
    },
    close: () => undefined,
  };
}

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

/** The control plane in the S3 bucket (the bucket is the truth when ARTIFACT_S3_BUCKET is set). */
export function s3ControlStore(config: S3ArtifactConfig): ControlStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keyOf = (key: string) => `${config.prefix}${safeKey(key)}`;
  return {
    describe: () => `s3://${config.bucket}/${config.prefix}`,
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        return { body: await answer.Body!.transformToString('utf8'), etag: answer.ETag ?? '' };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    async put(key, body, condition) {
      try {
        const answer = await client.send(
          new PutObjectCommand({
            Bucket: config.bucket,
            Key: keyOf(key),
            Body: body,
            ContentType: key.endsWith('.json') ? 'application/json' : 'text/plain; charset=utf-8',
            ...('ifNoneMatch' in condition ? { IfNoneMatch: '*' } : { IfMatch: condition.ifMatch }),
          }),
        );
        return answer.ETag ?? '';
      } catch (error) {
        const status = statusOf(error);
        if (status === 412 || status === 409) throw new PreconditionFailedError(`${key} was written by someone else first`);
        throw error;
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: config.bucket, Prefix: keyOf(prefix), ...(token ? { ContinuationToken: token } : {}) }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(config.prefix.length));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    close: () => client.destroy(),
  };
}

/** @public (loaded by deploy/lib/control.mjs through a dynamic import) The control store of an artifact store: the bucket when configured, else the folder. */
export function controlStoreOf(storeDir: string, s3: S3ArtifactConfig | undefined): ControlStore {
  return s3 ? s3ControlStore(s3) : folderControlStore(storeDir);
}

// ---------------------------------------------------------------------------------------------------
// Descriptors

export interface StoredDescriptor {
  /** File name, e.g. hamburg.json. */
  readonly name: string;
  readonly text: string;
  readonly etag: string;
}

export async function readStoredDescriptors(store: ControlStore): Promise<StoredDescriptor[]> {
  const keys = (await store.list(DESCRIPTORS_PREFIX)).filter((key) => key.endsWith('.json'));
  const found: StoredDescriptor[] = [];
  for (const key of keys) {
    const object = await store.get(key);
    if (object) found.push({ name: key.slice(DESCRIPTORS_PREFIX.length), text: object.body, etag: object.etag });
  }
  return found;
}

/**
 * Copies the seed descriptors (deploy/hosts/*.json) the store does not have yet; never overwrites
 * one (create-only), so a checkout can never change what guests get. Returns the names it created.
 */
export async function seedDescriptors(store: ControlStore, seedDir: string): Promise<string[]> {
  if (!fs.existsSync(seedDir)) return [];
  const have = new Set((await store.list(DESCRIPTORS_PREFIX)).map((key) => key.slice(DESCRIPTORS_PREFIX.length)));
  const created: string[] = [];
  for (const name of fs
    .readdirSync(seedDir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    if (have.has(name)) continue;
    try {
      await store.put(`${DESCRIPTORS_PREFIX}${name}`, fs.readFileSync(path.join(seedDir, name), 'utf8'), { ifNoneMatch: true });
      created.push(name);
    } catch (error) {
      if (!(error instanceof PreconditionFailedError)) throw error;
    }
  }
  return created;
}

/** Replaces one descriptor if it is still the version that was read (false: someone changed it first). */
export async function writeDescriptor(store: ControlStore, name: string, text: string, etag: string): Promise<string> {
  return store.put(`${DESCRIPTORS_PREFIX}${name}`, text, { ifMatch: etag });
}

// ---------------------------------------------------------------------------------------------------
// The release log: one object per entry, created with If-None-Match under the next sequence number, so
// two writers can never overwrite each other's entry (the loser retries with the next number).

export interface LogEntry {
  readonly seq: number;
  readonly time: string;
  readonly action: string;
  readonly hostFile: string;
  readonly remote: string;
  readonly from: string;
  readonly to: string;
  readonly [field: string]: unknown;
}

const seqKey = (seq: number) => `${RELEASES_PREFIX}${String(seq).padStart(10, '0')}.json`;

export async function readReleaseLog(store: ControlStore): Promise<LogEntry[]> {
  const keys = (await store.list(RELEASES_PREFIX)).filter((key) => /\/\d{10}\.json$/.test(key));
  const entries: LogEntry[] = [];
  for (const key of keys) {
    const object = await store.get(key);
    if (object) entries.push(JSON.parse(object.body) as LogEntry);
  }
  return entries.sort((a, b) => a.seq - b.seq);
}

export async function appendReleaseLog(store: ControlStore, entry: Omit<LogEntry, 'seq'>): Promise<LogEntry> {
  const keys = (await store.list(RELEASES_PREFIX)).filter((key) => /\/\d{10}\.json$/.test(key));
  let seq = keys.length ? Number(/(\d{10})\.json$/.exec(keys.at(-1)!)![1]) + 1 : 1;
  for (let attempt = 0; attempt < 100; attempt++, seq++) {
    const full = { seq, ...entry } as LogEntry;
    try {
      await store.put(seqKey(seq), `${JSON.stringify(full)}\n`, { ifNoneMatch: true });
      return full;
    } catch (error) {
      if (!(error instanceof PreconditionFailedError)) throw error;
    }
  }
  throw new Error(`Could not append to the release log in ${store.describe()}: too many concurrent writers`);
}

// ---------------------------------------------------------------------------------------------------
// The release lease: one release (or rollback) at a time across every machine sharing the store.

export interface LeaseHolder {
  readonly actor: string;
  readonly machine: string;
  readonly pid: number;
  readonly command: string;
  readonly since: string;
  readonly expires: string;
  readonly released?: boolean;
}

export class LeaseHeldError extends Error {
  constructor(readonly holder: LeaseHolder) {
    super(
      `Another release is running: ${holder.command} by ${holder.actor} on ${holder.machine} (pid ${holder.pid}) since ${holder.since}; ` +
        `nothing was changed. Run the command again when it has finished (the lease expires at ${holder.expires} at the latest).`,
    );
  }
}

export interface Lease {
  readonly holder: LeaseHolder;
  release(): Promise<void>;
}

export const LEASE_TTL_MS = 10 * 60_000;

/** Takes the release lease (create, or replace an expired/released one, both by compare-and-swap) or throws LeaseHeldError. */
export async function acquireLease(
  store: ControlStore,
  who: { actor: string; command: string; machine?: string },
  { ttlMs = LEASE_TTL_MS, now = Date.now } = {},
): Promise<Lease> {
  const holder: LeaseHolder = {
    actor: who.actor,
    machine: who.machine ?? os.hostname(),
    pid: process.pid,
    command: who.command,
    since: new Date(now()).toISOString(),
    expires: new Date(now() + ttlMs).toISOString(),
  };
  const body = `${JSON.stringify(holder)}\n`;
  const current = await store.get(LEASE_KEY);
  let etag: string;
  try {
    if (!current) {
      etag = await store.put(LEASE_KEY, body, { ifNoneMatch: true });
    } else {
      const held = JSON.parse(current.body) as LeaseHolder;
      if (!held.released && Date.parse(held.expires) > now()) throw new LeaseHeldError(held);
      etag = await store.put(LEASE_KEY, body, { ifMatch: current.etag });
    }
  } catch (error) {
    if (!(error instanceof PreconditionFailedError)) throw error;
    // Someone took it between our read and our write: report them.
    const winner = await store.get(LEASE_KEY);
    throw new LeaseHeldError(winner ? (JSON.parse(winner.body) as LeaseHolder) : holder);
  }
  return {
    holder,
    async release() {
      try {
        await store.put(LEASE_KEY, `${JSON.stringify({ ...holder, released: true })}\n`, { ifMatch: etag });
      } catch (error) {
        // Expired and taken over by someone else: theirs now, nothing to release.
        if (!(error instanceof PreconditionFailedError)) throw error;
      }
    },
  };
}
