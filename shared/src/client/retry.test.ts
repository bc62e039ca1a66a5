import { describe, expect, it } from 'vitest';
import { ActionCallError, TransportError } from '@shop/shared/client-runtime';
import { isConnectionFailure, withRetry } from './retry';

const httpError = (status: number) => new ActionCallError('SaveNewOrder', status, { code: 'internal', message: 'x' }, {});

describe('withRetry treats 502/503/504 like a lost connection (requirements#operations)', () => {
  const noSleep = async () => undefined;

  it.each([502, 503, 504])('retries an answer %i and returns the later success', async (status) => {
    const seen: number[] = [];
    const result = await withRetry(
      async (n) => {
        seen.push(n);
        if (n < 2) throw httpError(status);
        return 'saved';
      },
      { retries: 2, delayMs: 1, sleep: noSleep },
    );
    expect(result).toBe('saved');
    expect(seen).toEqual([0, 1, 2]);
  });

  it('retries a transport error', async () => {
    let calls = 0;
    await withRetry(
      async () => {
        if (calls++ === 0) throw new TransportError('SaveNewOrder', true);
        return 1;
      },
      { retries: 1, delayMs: 1, sleep: noSleep },
    );
    expect(calls).toBe(2);
  });

  it.each([400, 409, 429, 500])('does not retry an answer %i (the server decided)', async (status) => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw httpError(status);
        },
        { retries: 3, delayMs: 1, sleep: noSleep },
      ),
    ).rejects.toMatchObject({ status });
    expect(calls).toBe(1);
  });

  it('gives up after the retries with the last error', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw httpError(503);
        },
        { retries: 2, delayMs: 1, sleep: noSleep },
      ),
    ).rejects.toMatchObject({ status: 503 });
    expect(calls).toBe(3);
  });

  it('isConnectionFailure names exactly transport errors and 502/503/504', () => {
    expect([502, 503, 504].every((s) => isConnectionFailure(httpError(s)))).toBe(true);
    expect([400, 401, 404, 409, 410, 429, 500].some((s) => isConnectionFailure(httpError(s)))).toBe(false);
    expect(isConnectionFailure(new TransportError('x', false))).toBe(true);
    expect(isConnectionFailure(new Error('x'))).toBe(false);
  });
});
