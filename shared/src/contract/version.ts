// The action contract's version (ADR 0020). An app sends the version it was built with in every
// action envelope; the API accepts the versions in `accepted` (the current and the previous one)
// and answers any other with the spec's `forceReload`. Within a version, changes are additive only
// (new optional fields, new actions); a breaking change is a new version, and the API keeps
// accepting the previous one until no released app sends it.
//
// 1 — envelopes without `contractVersion` (apps built before the version was sent).
// 2 — the envelope carries `contractVersion`; payloads unchanged from 1.
import versions from './contract-version.json' with { type: 'json' };

export const CONTRACT_VERSION: number = versions.current;
export const ACCEPTED_CONTRACT_VERSIONS: readonly number[] = versions.accepted;
/** The version an envelope without the field speaks. */
export const UNVERSIONED_CONTRACT = 1;

export function isAcceptedContractVersion(version: number | undefined): boolean {
  return ACCEPTED_CONTRACT_VERSIONS.includes(version ?? UNVERSIONED_CONTRACT);
}
