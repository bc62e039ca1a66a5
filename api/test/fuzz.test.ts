// Property-based fuzzing of the whole action API (docs/security.md "Fuzzing"): for every action of
// the contract, payloads generated from its schema, the same with one part replaced by a hostile
// value, and hostile values alone, sent as a guest, a signed-in user and staff. Nothing may end
// as a 5xx; every refusal is a 4xx with a machine code and a message.
// More runs: FUZZ_RUNS=500 npx vitest run api/test/fuzz.test.ts (a failure prints its seed and path).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIONS,
  cart,
  docUpserterPayload,
  RECORD_BYTES,
  userPreferences as preferencesDoc,
  userSettings as settingsDoc,
  type ActionName,
} from '@shop/shared/contract';
import { pushTokenKind } from '@shop/shared/domain/push';
import { recordBytes } from '../src/collections/record-bounds';
import { carts, pushTokens, userPreferences, userSettings } from '../src/db/schema';
import { openMemoryPglite, testDatabases } from './support/databases';
import { testVerifier } from './support/staff';
import { startTestApi, TEST_BROWSER_ID, type TestApi } from './support/test-api';
import { hostile, large, mutated, validish } from './support/zod-arbitrary';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const callers = fc.constantFrom<string | undefined>(undefined, 'user:anna', 'staff:kueche', 'not-a-token');

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi(await openMemoryPglite(), { verifier: testVerifier });
});
afterAll(async () => {
  await t?.close();
});

async function post(body: unknown, token?: string, on: TestApi = t) {
  const res = await on.api.app.inject({
    method: 'POST',
    url: '/api/action',
    headers: { host: 'localhost', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json<{ ok?: boolean; error?: { code?: unknown; message?: unknown } }>() };
}

function expectClearAnswer(res: Awaited<ReturnType<typeof post>>, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body).slice(0, 400)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.body.ok, what).toBe(false);
    expect(typeof res.body.error?.code, what).toBe('string');
    expect(typeof res.body.error?.message, what).toBe('string');
    expect(res.body.error?.message, what).not.toBe('');
  } else {
    expect(res.body.ok, what).toBe(true);
  }
}

const envelope = (action: string, payload: unknown, browserId = TEST_BROWSER_ID) => ({
  action,
  payload,
  channel: 'on-the-go',
  browserId,
  secToken: '',
  timeout: 10000,
});

describe('fuzzing every action: 0 × 5xx', () => {
  for (const action of Object.keys(ACTIONS) as ActionName[]) {
    it(action, async () => {
      const schema = ACTIONS[action].payload;
      const payloads = fc.oneof(
        { arbitrary: validish(schema), weight: 3 },
        { arbitrary: validish(schema).chain(mutated), weight: 3 },
        { arbitrary: hostile, weight: 1 },
      );
      await fc.assert(
        fc.asyncProperty(payloads, callers, async (payload, token) => {
          expectClearAnswer(await post(envelope(action, payload), token), action);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('hostile envelopes', async () => {
    const body = fc.oneof(
      hostile,
      fc.record(
        {
          action: fc.oneof(fc.constantFrom(...Object.keys(ACTIONS)), hostile),
          payload: hostile,
          channel: fc.oneof(fc.constant('on-the-go'), hostile),
          browserId: fc.oneof(fc.constant(TEST_BROWSER_ID), hostile),
          secToken: hostile,
          timeout: hostile,
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, callers, async (b, token) => expectClearAnswer(await post(b, token), 'envelope')),
      { numRuns: RUNS * 5 },
    );
  });
});

/**
 * The stored-document actions (requirements#security): writes generated from their schemas, as large as
 * the bounds allow and hostile, from a few devices and accounts so that writes merge into the same
 * records. 0 × 5xx, and afterwards every stored record is within its bound and its closed schema.
 */
describe.each(testDatabases())('fuzzing the stored documents on $name: every record within its bound', (database) => {
  let s: TestApi;
  beforeAll(async () => {
    s = await startTestApi(await database.open(), { verifier: testVerifier });
  });
  afterAll(async () => s?.close());

  const devices = fc.constantFrom(...[1, 2, 3, 4].map((n) => `fuzz-device-0000-0000-${String(n).padStart(12, '0')}`));
  const accounts = fc.constantFrom<string | undefined>(undefined, 'user:anna', 'user:ben');
  const member = (name: string) => docUpserterPayload.options.find((o) => o.shape.collectionName.value === name)!;
  const written: Record<string, number[]> = {};

  type Adjust = (payload: unknown, token: string | undefined, browserId: string, pick: number) => unknown;
  const withObject = (payload: unknown, change: (p: Record<string, unknown>) => Record<string, unknown>) =>
    payload && typeof payload === 'object' && !Array.isArray(payload) ? change(payload as Record<string, unknown>) : payload;
  /** Push tokens of both real forms, and strings that only look long enough. */
  const tokenOf = (pick: number) =>
    [`local:${'L'.repeat(42)}${pick % 10}`, `${'F'.repeat(22)}:APA91b${'r'.repeat(140)}${pick % 10}`, 'x'.repeat(20 + (pick % 4000))][pick % 3];
  const stored: [string, unknown, Adjust][] = [
    // The e-mail of the caller's own account, or none (another one is refused: security.test.ts).
    [
      'DocUpserter userPreferences',
      member('userPreferences'),
      (p, token) =>
        withObject(
          p,
          (o) =>
            withObject(o.updates, (u) => {
              const { email: _email, ...rest } = u;
              return { ...o, updates: token ? { ...rest, email: `${token.slice(5)}@example.org` } : rest };
            }) as Record<string, unknown>,
        ),
    ],
    // The caller's own device most of the time (another one is a 403), with tokens of every form.
    [
      'DocUpserter pushTokens',
      member('pushTokens'),
      (p, _token, browserId, pick) =>
        withObject(p, (o) => ({ ...o, updates: { ...(o.updates as object), ...(pick % 5 ? { deviceId: browserId } : {}), pushToken: tokenOf(pick) } })),
    ],
    // SaveUserSettings: for the caller's own account (or the 403 is all it reaches).
    ['SaveUserSettings', ACTIONS.SaveUserSettings.payload, (p, token) => (token ? withObject(p, (o) => ({ ...o, fuid: token.slice(5) })) : p)],
    ['SaveCart', ACTIONS.SaveCart.payload, (p) => p],
  ];

  for (const [what, schema, adjust] of stored) {
    it(what, async () => {
      const action = what.split(' ')[0]!;
      const payloads = fc.oneof(
        { arbitrary: validish(schema), weight: 2 },
        { arbitrary: large(schema), weight: 3 },
        { arbitrary: validish(schema).chain(mutated), weight: 1 },
      );
      await fc.assert(
        fc.asyncProperty(payloads, accounts, devices, fc.nat(), async (payload, token, browserId, pick) => {
          const res = await post(envelope(action, adjust(payload, token, browserId, pick), browserId), token, s);
          expectClearAnswer(res, what);
          (written[what] ??= []).push(res.status);
        }),
        { numRuns: RUNS * 2 },
      );
    });
  }

  it('every stored record is within its bound and its closed schema', async () => {
    const db = s.api.database.db;
    const prefs = await db.select().from(userPreferences);
    for (const row of prefs) {
      expect(recordBytes(row.data)).toBeLessThanOrEqual(RECORD_BYTES.preferences);
      expect(preferencesDoc.safeParse(row.data).success, JSON.stringify(row.data).slice(0, 200)).toBe(true);
    }
    for (const row of await db.select().from(userSettings)) {
      const doc = { fuid: row.fuid, allergenes: row.allergenes, favcartsApp: row.favcartsApp, updatedAt: row.updatedAt };
      expect(recordBytes(doc)).toBeLessThanOrEqual(RECORD_BYTES.userSettings);
      expect(settingsDoc.safeParse(doc).success).toBe(true);
    }
    for (const row of await db.select().from(carts)) {
      expect(recordBytes({ items: row.items, sourceDevice: row.sourceDevice })).toBeLessThanOrEqual(RECORD_BYTES.cart);
      expect(cart.safeParse(row.items).success).toBe(true);
    }
    for (const row of await db.select().from(pushTokens)) expect(row.token === null || pushTokenKind(row.token) !== null).toBe(true);
    // The runs reached the storage (not only refusals), and some were refused for their size.
    for (const [what, statuses] of Object.entries(written))
      expect(
        statuses.some((status) => status === 200),
        what,
      ).toBe(true);
    console.log(
      `[fuzz] stored documents on ${database.name}: ${Object.entries(written)
        .map(
          ([what, statuses]) =>
            `${what} ${statuses.length} (${[...new Set(statuses)]
              .sort()
              .map((c) => `${c}×${statuses.filter((x) => x === c).length}`)
              .join(' ')})`,
        )
        .join('; ')}; rows: ${prefs.length} preferences`,
    );
  });
});
