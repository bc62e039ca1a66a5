// A preview host is kept apart (docs/requirements.md#preview-apart): reachable only with its token
// (checked against the descriptor's previewTokenDigest), and on a branch number no real host uses, so
// QA orders never reach a real kitchen's board. Pure rules, tested in api/test/preview-access.test.ts.
import crypto from 'node:crypto';
import type { HostDescriptor } from '@shop/shared/contract';

/** The query parameter QA opens a preview host with once: `/?preview-token=<token>`. */
export const PREVIEW_TOKEN_PARAM = 'preview-token';
/** The cookie that carries the token afterwards (HttpOnly, first-party). */
export const PREVIEW_COOKIE = 'shop_preview';
/** How long a preview browser stays let in. */
export const PREVIEW_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/**
 * The digest of the development token shipped in deploy/hosts/preview.json ('vorschau-lokal'): known to
 * everyone with the repository, so production refuses a descriptor that still names it.
 */
export const SHIPPED_PREVIEW_TOKEN_DIGEST = 'sha256-kOf6vMkbVbqQMLZo0ejBFIpmOP41BvyNt+zMU1dm8kE=';

/** `sha256-<base64>` of a token, the form descriptors keep. */
export const previewTokenDigest = (token: string): string => `sha256-${crypto.createHash('sha256').update(token).digest('base64')}`;

/** Whether `token` is the host's preview credential (compared in constant time). */
export function previewTokenMatches(descriptor: Pick<HostDescriptor, 'previewTokenDigest'>, token: string | undefined): boolean {
  const expected = descriptor.previewTokenDigest;
  if (!expected || !token) return false;
  const given = Buffer.from(previewTokenDigest(token));
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
}

/** Preview hosts whose branch number a real host uses: their orders would reach that kitchen ('preview.json: …'). */
export function sharedBranchProblems(files: readonly { file: string; descriptor: HostDescriptor }[]): string[] {
  const real = new Map<number, string>();
  for (const { file, descriptor } of files) if (!descriptor.preview) real.set(descriptor.branch.filialnummer, file);
  return files
    .filter(({ descriptor }) => descriptor.preview && real.has(descriptor.branch.filialnummer))
    .map(
      ({ file, descriptor }) =>
        `${file}: a preview host on branch ${descriptor.branch.filialnummer}, the branch of ${real.get(descriptor.branch.filialnummer)}: QA orders would reach that kitchen; give the preview a branch number of its own`,
    );
}

/** Production refuses a preview descriptor whose token is the one shipped in the repository. */
export function productionPreviewProblems(descriptor: HostDescriptor): string[] {
  return descriptor.preview && descriptor.previewTokenDigest === SHIPPED_PREVIEW_TOKEN_DIGEST
    ? ['previewTokenDigest is the development token shipped in deploy/hosts/preview.json; set the digest of a secret token']
    : [];
}
