// A local S3-compatible server for the deploy tests: s3rver (npm) stores, lists and serves the objects
// through the real AWS SDK. s3rver 3.7 predates S3's conditional writes (If-None-Match: * since
// August 2024, If-Match since November 2024) and ignores those headers on PUT, so this adds exactly
// S3's precondition check in front of its PUT handler: per key, checked and written without another
// write in between, answering 412 PreconditionFailed (404 NoSuchKey for If-Match on a missing key).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  readonly endpoint: string;
  /** Environment for a process that uses the bucket (deploy command, API). */
  readonly env: Record<string, string>;
  close(): Promise<void>;
}

const xmlError = (code: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startLocalS3(bucket: string): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const queues = new Map<string, Promise<unknown>>();
  server.middleware.unshift(async (ctx, next) => {
    const ifMatch = ctx.get('if-match');
    const ifNoneMatch = ctx.get('if-none-match');
    // A plain PutObject (the SDK adds x-id=PutObject); uploads of parts, tags or ACLs are not conditional.
    const subresource = ctx.querystring.split('&').some((pair) => pair && !pair.startsWith('x-id='));
    if (ctx.method !== 'PUT' || (!ifMatch && !ifNoneMatch) || subresource) return next();
    const [, bucketName = '', ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const id = `${bucketName}/${key}`;
    const run = async () => {
      const etag = await server.store.getMetadata(bucketName, key).then(
        (m) => m.etag,
        () => null,
      );
      const fail =
        etag === null && ifMatch
          ? ['NoSuchKey', 404]
          : (ifNoneMatch === '*' && etag !== null) || (ifMatch && ifMatch !== etag)
            ? ['PreconditionFailed', 412]
            : null;
      if (fail) {
        ctx.status = fail[1] as number;
        ctx.type = 'application/xml';
        ctx.body = xmlError(fail[0] as string, 'At least one of the pre-conditions you specified did not hold');
        return;
      }
      await next();
    };
    const previous = queues.get(id) ?? Promise.resolve();
    const current = previous.then(run, run);
    queues.set(id, current);
    try {
      await current;
    } finally {
      if (queues.get(id) === current) queues.delete(id);
    }
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    env: {
      ARTIFACT_S3_BUCKET: bucket,
      ARTIFACT_S3_ENDPOINT: endpoint,
      AWS_REGION: 'eu-central-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
