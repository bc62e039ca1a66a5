import type { HostDescriptor } from '@shop/shared/contract';
import { isProductionDescriptor } from '../../../shared/build/production-hosts.mjs';

/**
 * A production API serves a host guests reach only with a shell it names (docs/requirements.md#release-gate):
 * without one, guests would load the local shell build of whichever machine answers, which no gate
 * checked and which changes with every rebuild. Development hosts (localhost, *.localhost) keep the local build.
 */
export function productionShellProblems(descriptor: HostDescriptor): string[] {
  if (!isProductionDescriptor(descriptor)) return [];
  return descriptor.shell && descriptor.shell !== 'local'
    ? []
    : ['names no published shell ("shell": "<version>"): publish one and release it (deploy release shell <version> --host <file>)'];
}
