// Property-based fuzzing of the whole action API (docs/security.md "Fuzzing"): for every action of
// the contract, payloads generated from its schema, the same with one part replaced by a hostile
// value, and hostile values alone, sent as a guest, a signed-in user and staff. Nothing may end
// as a 5xx; every refusal is a 4xx with a machine code and a message.
// More runs: FUZZ_RUNS=500 npx vitest run api/test/fuzz.test.ts (a failure prints its seed and path).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, type ActionName } from '@shop/shared/contract';
import { openDatabase } from '../src/db/client';
import { testVerifier } from './support/staff';
import { startTestApi, TEST_BROWSER_ID, type TestApi } from './support/test-api';
import { hostile, mutated, validish } from './support/zod-arbitrary';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const callers = fc.constantFrom<string | undefined>(undefined, 'user:anna', 'staff:kueche', 'not-a-token');

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi(await openDatabase({ pgliteDir: 'memory://' }), { verifier: testVerifier });
});
afterAll(async () => {
  await t?.close();
});

async function post(body: unknown, token?: string) {
  const res = await t.api.app.inject({
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

const envelope = (action: string, payload: unknown) => ({ action, payload, channel: 'on-the-go', browserId: TEST_BROWSER_ID, secToken: '', timeout: 10000 });

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
