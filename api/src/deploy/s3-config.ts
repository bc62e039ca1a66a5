// The S3 bucket behind the artifact store, from the environment (no SDK here: it loads only when used).
export interface S3ArtifactConfig {
  readonly bucket: string;
  /** Key prefix inside the bucket ('' or e.g. 'shop/'). */
  readonly prefix: string;
  readonly region: string;
  /** An S3-compatible endpoint (MinIO, R2, a test server); unset for AWS. */
  readonly endpoint?: string;
  readonly forcePathStyle: boolean;
  /** Static keys when given in the environment; otherwise the SDK's default chain (profile, instance role, …). */
  readonly credentials?: { readonly accessKeyId: string; readonly secretAccessKey: string; readonly sessionToken?: string };
}

/** S3 settings from the environment, or undefined when the store is a folder only. */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3ArtifactConfig | undefined {
  const bucket = env.ARTIFACT_S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const rawPrefix = env.ARTIFACT_S3_PREFIX?.trim() ?? '';
  return {
    bucket,
    prefix: rawPrefix && !rawPrefix.endsWith('/') ? `${rawPrefix}/` : rawPrefix,
    region: env.AWS_REGION?.trim() || 'eu-central-1',
    ...(env.ARTIFACT_S3_ENDPOINT?.trim() ? { endpoint: env.ARTIFACT_S3_ENDPOINT.trim() } : {}),
    forcePathStyle: env.ARTIFACT_S3_FORCE_PATH_STYLE === 'true' || Boolean(env.ARTIFACT_S3_ENDPOINT?.trim()),
    ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          },
        }
      : {}),
  };
}
