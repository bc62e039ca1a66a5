// A local HTTP server that answers as S3 does for what the artifact store uses (path-style PutObject
// with If-None-Match, GetObject, ListObjectsV2), like the Stripe and PayPal fakes: the real SDK talks to it.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3 {
  readonly endpoint: string;
  readonly objects: Map<string, Buffer>;
  readonly requests: string[];
  close(): Promise<void>;
}

const etagOf = (body: Buffer) => `"${crypto.createHash('md5').update(body).digest('hex')}"`;
const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const error = (res: http.ServerResponse, status: number, code: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
};

export async function startFakeS3(bucket: string): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3.local');
      const [, bucketName = '', ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      requests.push(`${req.method} ${key || url.search}`);
      if (bucketName !== bucket) return error(res, 404, 'NoSuchBucket');
      if (req.method === 'PUT') {
        // Conditional writes as S3 answers them: If-None-Match: * (create) and If-Match: <etag> (replace).
        if (req.headers['if-none-match'] === '*' && objects.has(key)) return error(res, 412, 'PreconditionFailed');
        const ifMatch = req.headers['if-match'];
        if (ifMatch !== undefined && (!objects.has(key) || etagOf(objects.get(key)!) !== ifMatch))
          return error(res, objects.has(key) ? 412 : 404, 'PreconditionFailed');
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200, { etag: etagOf(objects.get(key)!) });
        return res.end();
      }
      if (req.method === 'GET' && !key && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name>` +
            `<Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>` +
            keys.map((k) => `<Contents><Key>${xmlEscape(k)}</Key><Size>${objects.get(k)!.length}</Size></Contents>`).join('') +
            '</ListBucketResult>',
        );
      }
      if (req.method === 'GET' || req.method === 'HEAD') {
        const body = objects.get(key);
        if (!body) return error(res, 404, 'NoSuchKey');
        res.writeHead(200, { 'content-length': body.length, 'content-type': 'application/octet-stream', etag: etagOf(body) });
        return res.end(req.method === 'GET' ? body : undefined);
      }
      return error(res, 405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
