// Which descriptors guests reach: one rule for the release gate (deploy/lib/gate.mjs) and the API's
// production checks (api/src/deploy/shell-descriptors.ts).

/** Host names that only reach a development machine: '*', localhost, 127.0.0.1 and *.localhost. */
const DEVELOPMENT_HOST = /^(\*|localhost|127\.0\.0\.1|\[::1\]|.+\.localhost)$/i;

/**
 * A descriptor guests reach (any host name other than a development one): its release is gated
 * against what guests load (a published shell, the contract of the host's own API), needs a
 * credential (docs/requirements.md#release-gate), and a production API serves it only with a shell named.
 */
export function isProductionDescriptor(json) {
  return (json?.hosts ?? []).some((host) => !DEVELOPMENT_HOST.test(String(host)));
}
