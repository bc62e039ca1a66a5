import type { HostDescriptor } from '@shop/shared/contract';
import { isDemoProject } from '../config';
import type { DescriptorSource } from './descriptors';

/**
 * Which Firebase project a host's browsers sign in with (docs/security.md "Development stays
 * development", docs/adr/0028-no-emulator-in-production.md). The descriptors name the real project;
 * the Auth emulator is a run mode of a development API, never a property of a descriptor.
 */

/** The web API key of a Firebase project ('AIza' and 35 more characters). */
const WEB_API_KEY = /^AIza[0-9A-Za-z_-]{35}$/;
const AUTH_DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i;

/**
 * What keeps a descriptor from serving production (NODE_ENV=production): the emulator, a demo
 * project, a project other than the one whose tokens the API accepts, or web config left empty.
 * An empty list: fine.
 */
export function productionFirebaseProblems(descriptor: HostDescriptor, apiProjectId: string): string[] {
  const web = descriptor.firebase;
  if (!web) return ['names no Firebase project (firebase: apiKey, authDomain, projectId)'];
  const problems: string[] = [];
  if (web.useEmulator) problems.push('firebase.useEmulator is true: the Auth emulator is for development only');
  if (!web.projectId.trim()) problems.push('firebase.projectId is empty');
  else if (isDemoProject(web.projectId)) problems.push(`firebase.projectId "${web.projectId}" is a demo project (emulator only)`);
  else if (web.projectId !== apiProjectId) {
    problems.push(`firebase.projectId "${web.projectId}" is not FIREBASE_PROJECT_ID "${apiProjectId}": the API would refuse its users' tokens`);
  }
  if (!WEB_API_KEY.test(web.apiKey)) problems.push("firebase.apiKey is not the project's web API key (AIza…, Firebase console → Project settings)");
  if (!AUTH_DOMAIN.test(web.authDomain)) problems.push('firebase.authDomain is not a host name (e.g. <project>.firebaseapp.com)');
  return problems;
}

/** The stand-in a development API gives every host: the emulator behind the shop's own origin, the API's demo project. */
export function emulatorFirebase(web: HostDescriptor['firebase'], projectId: string): NonNullable<HostDescriptor['firebase']> {
  return {
    ...(web ?? { signIn: { providers: ['password'], flow: 'redirect' } }),
    apiKey: 'demo-api-key',
    authDomain: `${projectId}.firebaseapp.com`,
    projectId,
    useEmulator: true,
  };
}

/**
 * A development API with the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST, refused in production)
 * serves every host the emulator stand-in, keeping the host's sign-in providers and flow.
 */
export function withEmulatorFirebase(source: DescriptorSource, projectId: string): DescriptorSource {
  return {
    ...source,
    forHost(hostname) {
      const descriptor = source.forHost(hostname);
      return { ...descriptor, firebase: emulatorFirebase(descriptor.firebase, projectId) };
    },
  };
}
