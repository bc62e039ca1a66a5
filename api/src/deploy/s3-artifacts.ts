// The artifact store in S3-compatible storage (official AWS SDK v3), next to the folder store: when
// ARTIFACT_S3_BUCKET is set, `deploy publish`/`release` upload every published version and the
// release log there, and an API (or a release machine) pulls the versions it needs into its local
// store folder, which then serves them. Objects are never overwritten: uploads are conditional
// (If-None-Match: *), and a version already in the bucket must hold the same bytes.
import fs from 'node:fs';
import path from 'node:path';
import { integrityProblems } from '../../../shared/build/integrity.mjs';
import type { S3ArtifactConfig } from './s3-config';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';

export class S3PublishConflictError extends Error {}
/** A version in the bucket whose bytes differ from its build-info.json digests (docs/requirements.md#release-integrity). */
export class S3IntegrityError extends Error {}

// The pinned SDK supports Node 20 (engines >=20); its notice about SDK releases after January 2027
// is for whoever upgrades it, not for every deploy command's and server start's output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.br': 'application/octet-stream',
  '.gz': 'application/gzip',
};

function filesOf(dir: string, sub = ''): string[] {
  return fs
    .readdirSync(path.join(dir, sub), { withFileTypes: true })
    .flatMap((entry) => {
      const rel = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return filesOf(dir, rel);
      return entry.isFile() && rel !== 'build-stamp.json' ? [rel] : [];
    })
    .sort();
}

const statusOf = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

export function s3Artifacts(config: S3ArtifactConfig) {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Plain PUTs with a known length; S3-compatible stores differ in their checksum support.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const keyOf = (...parts: string[]) => `${config.prefix}${parts.join('/')}`;

  async function getBytes(key: string): Promise<Buffer | null> {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async function keysUnder(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  return {
    describe: () => `s3://${config.bucket}/${config.prefix}`,

    /** Uploads a built version; the same bytes again are fine ('identical'), different bytes are refused. */
    async uploadVersion(app: string, version: string, dir: string): Promise<'published' | 'identical'> {
      let existed = 0;
      for (const file of filesOf(dir)) {
        const body = fs.readFileSync(path.join(dir, file));
        const key = keyOf(app, version, file);
        try {
          await client.send(
            new PutObjectCommand({
              Bucket: config.bucket,
              Key: key,
              Body: body,
              IfNoneMatch: '*',
              ContentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
            }),
          );
        } catch (error) {
          if (statusOf(error) !== 412) throw error;
          existed++;
          const stored = await getBytes(key);
          if (!stored?.equals(body))
            throw new S3PublishConflictError(`${app} ${version}: ${file} is in ${this.describe()} with other bytes; published versions never change`);
        }
      }
      return existed > 0 ? 'identical' : 'published';
    },

    /** Downloads a published version into <targetDir> (staging folder + rename); false when the bucket does not have it. */
    async downloadVersion(app: string, version: string, targetDir: string): Promise<boolean> {
      const prefix = keyOf(app, version, '');
      const keys = await keysUnder(prefix);
      if (keys.length === 0) return false;
      const staging = `${targetDir}.download-${process.pid}-${Date.now()}`;
      for (const key of keys) {
        const file = key.slice(prefix.length);
        if (!file || file.split('/').some((part) => part === '..' || part === '')) continue;
        const bytes = await getBytes(key);
        if (!bytes) continue;
        fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
        fs.writeFileSync(path.join(staging, file), bytes);
      }
      // Only intact versions enter the local store: a tampered object is refused, never served.
      const damaged = integrityProblems(staging);
      if (damaged.length) {
        fs.rmSync(staging, { recursive: true, force: true });
        throw new S3IntegrityError(
          `${app} ${version} in ${this.describe()} failed its integrity check (tampered or damaged; not pulled): ${damaged.slice(0, 5).join('; ')}`,
        );
      }
      fs.mkdirSync(path.dirname(targetDir), { recursive: true });
      if (fs.existsSync(targetDir)) {
        fs.rmSync(staging, { recursive: true, force: true });
        return true;
      }
      fs.renameSync(staging, targetDir);
      return true;
    },

    close: () => client.destroy(),
  };
}
export type S3Artifacts = ReturnType<typeof s3Artifacts>;
