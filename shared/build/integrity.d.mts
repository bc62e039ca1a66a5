export const BUILD_INFO_FILE: string;
export function sha256Of(bytes: Buffer | string): string;
export function digestsOf(dir: string): Record<string, string>;
export function writeDigests(dir: string): void;
export function integrityProblems(dir: string): string[];
export function assertIntegrity(dir: string, what: string): void;
export class IntegrityError extends Error {}
