/** The demo kitchen account `npm start` and the e2e server create in the Auth emulator. */
export declare const DEMO_STAFF: { readonly email: string; readonly password: string; readonly displayName: string };
export declare const DEMO_PROJECT_ID: string;
