import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureActionClient } from '@shop/shared/client';
import { markAuthorizedUntilConfirmed } from './payment-client';

const ORDER_ID = 'order-0000-0000-0000-0001';

/** Answers DocUpserter calls one after another with the given HTTP status and body. */
function serve(answers: { status: number; body: unknown }[]) {
  let calls = 0;
  configureActionClient({
    waitForBrowserId: async () => 'test-browser-0000-0000-0000-000000000001',
    fetch: async () => {
      const answer = answers[Math.min(calls, answers.length - 1)]!;
      calls += 1;
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    },
  });
  return () => calls;
}

const confirmed = { status: 200, body: { ok: true, doc: { uniqueOrderId: ORDER_ID, authCompleted: true } } };
const notYet = { status: 409, body: { ok: false, error: { code: 'conflict', message: 'Payment not yet confirmed' } } };
const serverDown = { status: 502, body: { ok: false, error: { code: 'server', message: 'Bad gateway' } } };

describe('marking an order authorized (requirements#checkout-behaviour, requirements#checkout-calls)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries every 0.8 s through "not yet confirmed" and server errors until the server confirms', async () => {
    const calls = serve([notYet, serverDown, notYet, confirmed]);
    const done = markAuthorizedUntilConfirmed(ORDER_ID, 'credit', new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(799);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_600);
    await expect(done).resolves.toMatchObject({ uniqueOrderId: ORDER_ID, authCompleted: true });
    expect(calls()).toBe(4);
  });

  it('a declined payment ends the loop with the authorization error', async () => {
    serve([{ status: 402, body: { ok: false, error: { code: 'payment', message: 'declined', userMessage: 'Karte abgelehnt' } } }]);
    const done = markAuthorizedUntilConfirmed(ORDER_ID, 'credit', new AbortController().signal);
    await expect(done).rejects.toMatchObject({ title: 'Fehler bei der Autorisierung der Zahlung' });
  });

  it('leaving the page stops the loop', async () => {
    const calls = serve([notYet]);
    const leave = new AbortController();
    const done = markAuthorizedUntilConfirmed(ORDER_ID, 'credit', leave.signal);
    const settled = done.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    leave.abort();
    await vi.advanceTimersByTimeAsync(800);
    expect(await settled).toBeInstanceOf(Error);
    expect(calls()).toBe(1);
  });
});
