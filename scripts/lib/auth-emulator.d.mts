/** The demo kitchen account `npm start` and the e2e server create in the Auth emulator. */
export declare const DEMO_STAFF: { readonly email: string; readonly password: string; readonly displayName: string };
export declare const DEMO_PROJECT_ID: string;
export declare function startAuthEmulator(options?: { port?: number; projectId?: string; log?: (chunk: string) => void }): Promise<{
  readonly host: string;
  readonly projectId: string;
  stop(): Promise<void>;
}>;
export declare function createStaffAccount(
  host: string,
  projectId?: string,
  account?: { email: string; password: string; displayName: string },
): Promise<{ uid: string; email: string; password: string; displayName: string }>;
