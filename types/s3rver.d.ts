// The part of s3rver (a local S3-compatible server, tests only) the deploy tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  import type { IncomingMessage, ServerResponse } from 'node:http';
  /** Koa's context, as far as the conditional-write middleware reads and writes it. */
  interface Context {
    readonly method: string;
    readonly path: string;
    readonly querystring: string;
    readonly req: IncomingMessage;
    readonly res: ServerResponse;
    status: number;
    body: unknown;
    type: string;
    get(header: string): string;
  }
  type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }
  interface S3rverStore {
    getMetadata(bucket: string, key: string): Promise<{ etag: string }>;
  }
  class S3rver {
    constructor(options: S3rverOptions);
    readonly middleware: Middleware[];
    readonly store: S3rverStore;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
  export default S3rver;
}
