import crypto from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppUser, Menu, SavedOrder, StampCard } from '@shop/shared/contract';
import { REPO_ROOT } from '../src/config';
import { createFirebaseVerifier, type TokenVerifier } from '../src/auth/verify';
import { testDatabases } from './support/databases';
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

async function startEmulator(): Promise<Emulator> {
  const launcher = pathToFileURL(path.join(REPO_ROOT, 'scripts', 'lib', 'auth-emulator.mjs')).href;
  const mod = (await import(launcher)) as { startAuthEmulator(options?: object): Promise<Emulator> };
  return mod.startAuthEmulator();
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

describe.each(testDatabases())('Firebase ID tokens (Auth emulator) on $name', (database) => {
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

  it('loads the stamp card only for its owner (LoadStempelkarte)', async () => {
    const own = await t.call('LoadStempelkarte', { fuid: user.uid }, { token: user.idToken });
    expect(own.status).toBe(200);
    expect((own.body.stempelkarte as StampCard).fuid).toBe(user.uid);

    const other = await createUser(emulator.host);
    const foreign = await t.call('LoadStempelkarte', { fuid: user.uid }, { token: other.idToken });
    expect(foreign.status).toBe(403);
  });
});
