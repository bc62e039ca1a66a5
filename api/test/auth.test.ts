import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppUser, Menu, SavedOrder, StampCard } from '@shop/shared/contract';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { REPO_ROOT } from '../src/config';
import { checkToken, createFirebaseVerifier, isTokenRefusal, type TokenVerifier } from '../src/auth/verify';
import { applicationDatabase, openMemoryPglite, testDatabases } from './support/databases';
import { takeawayDraft } from './support/orders';
import { startTestApi, type TestApi } from './support/test-api';

/**
 * Token verification against the REAL Firebase Auth emulator (firebase-tools, demo project):
 * users are created and signed in through the emulator's REST API, the API verifies their ID
 * tokens with firebase-admin (createFirebaseVerifier).
 */

interface Emulator {
  readonly host: string;
  readonly projectId: string;
  stop(): Promise<void>;
}

const launcher = pathToFileURL(path.join(REPO_ROOT, 'scripts', 'lib', 'auth-emulator.mjs')).href;
type StaffAccount = { uid: string; email: string; password: string };
const emulatorScripts = () =>
  import(launcher) as Promise<{
    startAuthEmulator(options?: object): Promise<Emulator>;
    createStaffAccount(host: string, projectId: string, account: { email: string; password: string; displayName: string }): Promise<StaffAccount>;
  }>;

async function startEmulator(): Promise<Emulator> {
  return (await emulatorScripts()).startAuthEmulator();
}

async function createStaffAccount(host: string, projectId: string, account: { email: string; password: string; displayName: string }): Promise<StaffAccount> {
  return (await emulatorScripts()).createStaffAccount(host, projectId, account);
}

interface EmulatorUser {
  readonly uid: string;
  readonly email: string;
  readonly idToken: string;
}

async function identityToolkit(host: string, method: string, body: object): Promise<Record<string, unknown>> {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`accounts:${method} failed: ${JSON.stringify(json)}`);
  return json;
}

/** Creates a user with e-mail and password, then signs in like the browser SDK does. */
async function createUser(host: string, name = 'Erika Mustermann'): Promise<EmulatorUser> {
  const email = `erika-${crypto.randomUUID().slice(0, 8)}@example.org`;
  const password = 'geheim123';
  await identityToolkit(host, 'signUp', { email, password, displayName: name, returnSecureToken: true });
  const signedIn = await identityToolkit(host, 'signInWithPassword', { email, password, returnSecureToken: true });
  return { uid: String(signedIn.localId), email, idToken: String(signedIn.idToken) };
}

/** An unsigned token with valid-looking claims for another Firebase project. */
function foreignProjectToken(uid: string): string {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: 'https://securetoken.google.com/demo-other',
    aud: 'demo-other',
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    firebase: { sign_in_provider: 'password' },
  };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
}

let emulator: Emulator;
let verifier: TokenVerifier;

beforeAll(async () => {
  emulator = await startEmulator();
  verifier = await createFirebaseVerifier(emulator.projectId, emulator.host);
});
afterAll(async () => emulator?.stop());

describe.each(applicationDatabase())('Firebase ID tokens (Auth emulator) on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  let user: EmulatorUser;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
    user = await createUser(emulator.host);
  });
  afterAll(async () => t?.close());

  it('knows the signed-in user: SaveNewOrder stores the fuid of the token', async () => {
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }], { asGuest: false, fuid: user.uid });
    const res = await t.call('SaveNewOrder', { order: draft }, { token: user.idToken });
    expect(res.status).toBe(200);
    expect(res.body.jwtInvalid).toBeUndefined();
    const order = res.body.order as SavedOrder;
    expect(order.fuid).toBe(user.uid);
    expect(order.asGuest).toBe(false);
    expect(order.userInfo.fuid).toBe(user.uid);

    const stored = await t.call('LoadDocs', { collectionName: 'orders', query: { uniqueOrderId: order.uniqueOrderId } });
    expect((stored.body.docs as SavedOrder[])[0]?.fuid).toBe(user.uid);
  });

  it('never takes the fuid from the payload: without a token the order is a guest order', async () => {
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }], { asGuest: false, fuid: user.uid });
    const res = await t.call('SaveNewOrder', { order: draft });
    expect(res.status).toBe(200);
    expect((res.body.order as SavedOrder).fuid).toBeNull();
    expect((res.body.order as SavedOrder).asGuest).toBe(true);
  });

  it('flags an invalid token with jwtInvalid and treats the caller as a guest', async () => {
    const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]);
    const res = await t.call('SaveNewOrder', { order: draft }, { token: 'not-a-jwt' });
    expect(res.status).toBe(200);
    expect(res.body.jwtInvalid).toBe(true);
    expect((res.body.order as SavedOrder).fuid).toBeNull();
  });

  it('refuses a token of another Firebase project and a token whose payload was altered', async () => {
    // A fresh browser: as a guest it has no orders, and it must not see the user's.
    const browserId = `fresh-browser-${crypto.randomUUID()}`;
    const foreign = await t.call('GetLastSelfOrders', {}, { token: foreignProjectToken(user.uid), browserId });
    expect(foreign.body.jwtInvalid).toBe(true);
    expect(foreign.body.orders).toEqual([]);

    const [header, , signature] = user.idToken.split('.');
    const altered = `${header}.${Buffer.from(JSON.stringify({ sub: 'someone-else' })).toString('base64url')}.${signature}`;
    const res = await t.call('GetLastSelfOrders', {}, { token: altered, browserId });
    expect(res.body.jwtInvalid).toBe(true);
    expect(res.body.orders).toEqual([]);
  });

  it('gives the user their own orders only (GetLastSelfOrders)', async () => {
    const other = await createUser(emulator.host, 'Max Mustermann');
    await t.call(
      'SaveNewOrder',
      { order: takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]) },
      { token: other.idToken, browserId: 'other-browser-0000-0000-0000-00000000002' },
    );

    const mine = await t.call('GetLastSelfOrders', {}, { token: user.idToken });
    const orders = mine.body.orders as SavedOrder[];
    expect(orders.length).toBeGreaterThanOrEqual(1);
    expect(orders.every((o) => o.fuid === user.uid)).toBe(true);

    const theirs = await t.call('GetLastSelfOrders', {}, { token: other.idToken });
    expect((theirs.body.orders as SavedOrder[]).map((o) => o.fuid)).toEqual([other.uid]);
  });

  it('upserts the account from the verified token (UpsertAppUser)', async () => {
    const res = await t.call(
      'UpsertAppUser',
      { fuid: user.uid, name: 'Erika Mustermann', email: 'spoofed@example.org', phone: '+4915112345678', providerId: 'password', emailVerified: true },
      { token: user.idToken },
    );
    expect(res.status).toBe(200);
    const stored = res.body.user as AppUser;
    expect(stored.fuid).toBe(user.uid);
    expect(stored.email).toBe(user.email);
    expect(stored.emailVerified).toBe(false);
    expect(stored.name).toBe('Erika Mustermann');

    const noToken = await t.call('UpsertAppUser', { fuid: user.uid, name: 'X' });
    expect(noToken.status).toBe(401);
    expect(noToken.body.error).toMatchObject({ code: 'unauthenticated' });

    const other = await createUser(emulator.host);
    const foreign = await t.call('UpsertAppUser', { fuid: user.uid, name: 'Mallory' }, { token: other.idToken });
    expect(foreign.status).toBe(403);
  });

  it('knows an anonymous guest session, and merges it into an account, deleting the guest in Firebase', async () => {
    const guest = await identityToolkit(emulator.host, 'signUp', { returnSecureToken: true });
    const guestToken = String(guest.idToken);
    expect(await verifier.verify(guestToken)).toMatchObject({ uid: guest.localId, isAnonymous: true, providerId: 'anonymous' });
    expect(await verifier.verify(user.idToken)).toMatchObject({ isAnonymous: false });

    const browserId = `anon-browser-${crypto.randomUUID()}`;
    const placed = await t.call('SaveNewOrder', { order: takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]) }, { token: guestToken, browserId });
    expect(placed.status).toBe(200);
    expect((placed.body.order as SavedOrder).fuid).toBe(guest.localId);
    // Not an account holder: no stamp card for the session.
    expect((await t.call('LoadStempelkarte', { fuid: String(guest.localId) }, { token: guestToken })).status).toBe(403);

    const account = await createUser(emulator.host, 'Konto Inhaberin');
    // The proof must be the guest's own token: an account's token is refused.
    expect((await t.call('MergeAnonymousUser', { anonymousIdToken: account.idToken }, { token: user.idToken })).status).toBe(403);
    const merged = await t.call('MergeAnonymousUser', { anonymousIdToken: guestToken }, { token: account.idToken, browserId });
    expect(merged.status, JSON.stringify(merged.body.error)).toBe(200);
    expect(merged.body.movedOrders).toBe(1);
    const mine = (await t.call('GetLastSelfOrders', {}, { token: account.idToken })).body.orders as SavedOrder[];
    expect(mine.map((o) => o.uniqueOrderId)).toEqual([(placed.body.order as SavedOrder).uniqueOrderId]);

    // The guest user is gone from Firebase.
    const lookup = await fetch(`http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=any`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: guestToken }),
    });
    expect(lookup.status).toBe(400);
    expect(JSON.stringify(await lookup.json())).toMatch(/USER_NOT_FOUND/);
  });

  it('loads the stamp card only for its owner (LoadStempelkarte)', async () => {
    const own = await t.call('LoadStempelkarte', { fuid: user.uid }, { token: user.idToken });
    expect(own.status).toBe(200);
    expect((own.body.stempelkarte as StampCard).fuid).toBe(user.uid);

    const other = await createUser(emulator.host);
    const foreign = await t.call('LoadStempelkarte', { fuid: user.uid }, { token: other.idToken });
    expect(foreign.status).toBe(403);
  });
});

describe('a token that cannot be checked is not a refused token', () => {
  // firebase-admin's codes: the token refused (auth/*), or the check failed (Google's keys or the
  // emulator unreachable). Only a refusal may make the client refresh its token or sign out.
  it('tells a refusal from a failed check by its code', () => {
    for (const code of ['auth/id-token-expired', 'auth/id-token-revoked', 'auth/argument-error', 'auth/user-not-found', 'auth/user-disabled'])
      expect(isTokenRefusal({ code }), code).toBe(true);
    for (const error of [{ code: 'app/network-error' }, { code: 'app/network-timeout' }, { code: 'auth/internal-error' }, new Error('socket hang up'), null])
      expect(isTokenRefusal(error), JSON.stringify(error)).toBe(false);
  });

  it('answers an action with a token it cannot check with 503 and the German retry text, never jwtInvalid; a refused token stays a guest with jwtInvalid', async () => {
    const unreachable: TokenVerifier = {
      verify: (token) =>
        checkToken(async () => {
          throw Object.assign(new Error(`Error while making request: connect ECONNREFUSED (${token.length})`), { code: 'app/network-error' });
        }),
    };
    const refusing: TokenVerifier = {
      verify: () =>
        checkToken(async () => {
          throw Object.assign(new Error('Firebase ID token has expired.'), { code: 'auth/id-token-expired' });
        }),
    };
    const down = await startTestApi(await openMemoryPglite(), { verifier: unreachable });
    try {
      const res = await down.call('GetLastSelfOrders', {}, { token: 'a.b.c' });
      expect(res.status).toBe(503);
      expect(res.body.jwtInvalid).toBeUndefined();
      expect(res.body.error).toMatchObject({ code: 'unavailable', userMessage: shellTexts.serviceUnavailable });
      // Without a token nothing needs checking: the guest's request is served.
      expect((await down.call('GetLastSelfOrders', {})).status).toBe(200);
    } finally {
      await down.close();
    }
    const refused = await startTestApi(await openMemoryPglite(), { verifier: refusing });
    try {
      const res = await refused.call('GetLastSelfOrders', {}, { token: 'a.b.c' });
      expect(res.status).toBe(200);
      expect(res.body.jwtInvalid).toBe(true);
    } finally {
      await refused.close();
    }
  });
});

describe('the Auth emulator proxy (development): helper pages of a federated sign-in', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi(await openMemoryPglite(), { verifier, seed: false, env: { FIREBASE_AUTH_EMULATOR_HOST: emulator.host } });
  });
  afterAll(async () => t?.close());

  const get = (url: string) => t.api.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
  const scriptHash = (html: string) => {
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    return `'sha256-${crypto.createHash('sha256').update(inline).digest('base64')}'`;
  };

  it('serves the helper frame framable by the shop only, allowing exactly its inline script and the gapi loader', async () => {
    const res = await get('/emulator/auth/iframe?apiKey=demo-api-key&appName=shop&v=12');
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp, JSON.stringify(res.headers)).toBeTruthy();
    expect(csp).toContain(`script-src ${scriptHash(res.body)} https://apis.google.com;`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it("serves the emulator's sign-in page (the provider's stand-in) unframable, with its inline script by hash", async () => {
    const res = await get('/emulator/auth/handler?apiKey=demo-api-key&appName=shop&authType=signInViaPopup&providerId=google.com&eventId=1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Add new account');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain(`script-src ${scriptHash(res.body)} https://unpkg.com;`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it("still refuses the emulator's administration (codes, accounts) to browsers", async () => {
    expect((await get(`/emulator/v1/projects/${emulator.projectId}/oobCodes`)).statusCode).toBe(403);
    expect((await get(`/emulator/v1/projects/${emulator.projectId}/verificationCodes`)).statusCode).toBe(403);
  });
});

/**
 * The attacks of requirements#security on a development shop: the emulator's administration behind a dot segment
 * in any spelling, custom tokens with claims, and tokens re-encoded with `staff: true`.
 */
describe.each(testDatabases())('the emulator cannot make anyone staff, on $name', (database) => {
  let t: TestApi;
  let port: number;
  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier, env: { FIREBASE_AUTH_EMULATOR_HOST: emulator.host } });
    // A real socket: inject() (like fetch) would resolve the dot segments before the shop saw them.
    await t.api.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.api.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  const project = () => emulator.projectId;
  /** The request line exactly as written (node:http sends the path as given). */
  const request = (method: 'GET' | 'POST', url: string, payload?: object) =>
    new Promise<{ statusCode: number; body: string; json(): Record<string, unknown> }>((resolve, reject) => {
      const body = payload ? JSON.stringify(payload) : undefined;
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: url,
          headers: { host: 'localhost', ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body: text, json: () => JSON.parse(text) as Record<string, unknown> }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it('refuses every spelling of a dot segment to the administration: plain, %2e%2e, %2E%2E, mixed, encoded slashes, backslashes, double encoding', async () => {
    const admin = [`v1/projects/${project()}/config`, `v1/projects/${project()}/oobCodes`, `v1/projects/${project()}/verificationCodes`];
    const ups = ['..', '%2e%2e', '%2E%2E', '.%2e', '%2E.', '%2e%2E', '%252e%252e', '%25252e%25252e'];
    const paths: string[] = [];
    for (const target of admin) {
      for (const up of ups) {
        paths.push(`/emulator/auth/${up}/${target}`);
        paths.push(`/emulator/auth/${up}%2f${target}`);
        paths.push(`/emulator/auth/${up}%2F${target}`);
        paths.push(`/emulator/auth/${up}\\${target}`);
        paths.push(`/emulator/auth/${up}%5c${target}`);
        paths.push(`/identitytoolkit.googleapis.com/${up}/emulator/${target}`);
        paths.push(`/securetoken.googleapis.com/v1/${up}/${up}/emulator/${target}`);
      }
      paths.push(`/emulator/auth/handler/../../${target}`, `/emulator/./${target}`, `/emulator/auth//..//${target}`, `/emulator/${target}`);
    }
    paths.push(`/identitytoolkit.googleapis.com/v1/projects/${project()}/accounts`, `/identitytoolkit.googleapis.com/v1/projects/${project()}/accounts:update`);
    const answers = await Promise.all(paths.map(async (url) => ({ url, res: await request('GET', url) })));
    for (const { url, res } of answers) {
      expect([400, 403, 404], `${url}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(res.body, url).not.toMatch(/oobCode|verificationCode|"signIn"|usageMode/);
    }
    expect(answers.length).toBeGreaterThan(150);
  });

  it('reads no password-reset code of the kitchen account (the way to staff of the finding)', async () => {
    const staff = await createStaffAccount(emulator.host, project(), {
      email: `kueche-${crypto.randomUUID().slice(0, 6)}@streetfood.test`,
      password: 'kueche123',
      displayName: 'Küche',
    });
    // Asking for a reset is what the sign-in page offers; the code only ever goes to the mailbox (here: the emulator's store).
    const reset = await request('POST', '/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key', {
      requestType: 'PASSWORD_RESET',
      email: staff.email,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    for (const up of ['..', '%2e%2e', '%2E%2E', '.%2E', '%252e%252e']) {
      const res = await request('GET', `/emulator/auth/${up}/v1/projects/${project()}/oobCodes`);
      expect(res.statusCode).not.toBe(200);
      expect(res.body).not.toContain(staff.email);
    }
  });

  it('still forwards what the sign-in needs: sign-up, password sign-in, token refresh', async () => {
    const email = `proxy-${crypto.randomUUID().slice(0, 8)}@example.org`;
    const up = await request('POST', '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key', {
      email,
      password: 'geheim123',
      returnSecureToken: true,
    });
    expect(up.statusCode, up.body).toBe(200);
    const signedIn = await request('POST', '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key', {
      email,
      password: 'geheim123',
      returnSecureToken: true,
    });
    expect(signedIn.statusCode).toBe(200);
    const refreshToken = String(signedIn.json().refreshToken);
    const refreshed = await fetch(`http://127.0.0.1:${port}/securetoken.googleapis.com/v1/token?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(refreshToken)}`,
    });
    expect(refreshed.status).toBe(200);
  });

  it('refuses signInWithCustomToken through the shop, and a custom token with claims signed in elsewhere gives no staff', async () => {
    const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const customToken = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({
      aud: 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit',
      uid: `mallory-${crypto.randomUUID().slice(0, 8)}`,
      claims: { staff: true },
    })}.`;
    const viaShop = await request('POST', '/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key', {
      token: customToken,
      returnSecureToken: true,
    });
    expect(viaShop.statusCode).toBe(403);
    // Straight at the emulator (not reachable from a browser of a real deployment): the ID token carries staff: true …
    const direct = await identityToolkit(emulator.host, 'signInWithCustomToken', { token: customToken, returnSecureToken: true });
    const idToken = String(direct.idToken);
    expect(JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString())).toMatchObject({ staff: true });
    // … but the API takes staff from the account record.
    expect(await verifier.verify(idToken)).toMatchObject({ staff: false });
    expect((await t.call('LoadStaffOrders', {}, { token: idToken })).status).toBe(403);
  });

  it('a token re-encoded with staff: true and alg none gives no staff; the real staff account does', async () => {
    const user = await createUser(emulator.host);
    const [, payload] = user.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, staff: true })).toString('base64url')}.`;
    expect(await verifier.verify(forged)).toMatchObject({ uid: user.uid, staff: false });
    const board = await t.call('LoadStaffOrders', {}, { token: forged });
    expect(board.status).toBe(403);
    // Setting the claim on one's own account needs the emulator's administration: refused without it.
    const update = await request('POST', '/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key', {
      idToken: user.idToken,
      customAttributes: JSON.stringify({ staff: true }),
    });
    expect(update.statusCode).toBe(400);
    expect(await verifier.verify(user.idToken)).toMatchObject({ staff: false });

    const staff = await createStaffAccount(emulator.host, project(), {
      email: `chef-${crypto.randomUUID().slice(0, 6)}@streetfood.test`,
      password: 'kueche123',
      displayName: 'Küche',
    });
    const signedIn = await identityToolkit(emulator.host, 'signInWithPassword', { email: staff.email, password: staff.password, returnSecureToken: true });
    expect((await t.call('LoadStaffOrders', {}, { token: String(signedIn.idToken) })).status).toBe(200);
  });

  it('DeleteAppUser deletes the Firebase user with the admin API (no refresh) and refuses its ID token from then on', async () => {
    const email = `weg-${crypto.randomUUID().slice(0, 8)}@example.org`;
    await identityToolkit(emulator.host, 'signUp', { email, password: 'geheim123', returnSecureToken: true });
    const session = await identityToolkit(emulator.host, 'signInWithPassword', { email, password: 'geheim123', returnSecureToken: true });
    const idToken = String(session.idToken);
    expect((await t.call('SaveUserSettings', { fuid: String(session.localId), allergenes: ['G'] }, { token: idToken })).status).toBe(200);
    const erased = await t.call('DeleteAppUser', { fuid: String(session.localId) }, { token: idToken, browserId: `erase-${crypto.randomUUID()}` });
    expect(erased.status, JSON.stringify(erased.body.error)).toBe(200);
    const again = await t.call('SaveUserSettings', { fuid: String(session.localId), allergenes: ['G'] }, { token: idToken });
    expect(again.status).toBe(401);
    expect(again.body.jwtInvalid).toBe(true);
    // The Firebase user is gone (admin API): no session of it can get a new token.
    const refreshed = await fetch(`http://${emulator.host}/securetoken.googleapis.com/v1/token?key=any`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(String(session.refreshToken))}`,
    });
    expect(refreshed.status).toBe(400);
    expect(await refreshed.text()).toMatch(/USER_NOT_FOUND|TOKEN_EXPIRED|INVALID_REFRESH_TOKEN/);
  });

  it('an anonymous session re-encoded as a password sign-in is still anonymous (no account record)', async () => {
    const guest = await identityToolkit(emulator.host, 'signUp', { returnSecureToken: true });
    const claims = JSON.parse(Buffer.from(String(guest.idToken).split('.')[1]!, 'base64url').toString()) as { firebase: object };
    const forged = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ ...claims, email: 'x@example.org', email_verified: true, firebase: { ...claims.firebase, sign_in_provider: 'password' } }),
    ).toString('base64url')}.`;
    expect(await verifier.verify(forged)).toMatchObject({ isAnonymous: true, email: null, emailVerified: false });
  });
});
