import { afterEach, describe, expect, it } from 'vitest';
import { CONTRACT_VERSION } from '../contract/version';
import { callAction, configureActionClient } from './index';

describe('callAction', () => {
  const sent: unknown[] = [];
  afterEach(() => {
    sent.length = 0;
  });

  it('sends the contract version this app was built with in the envelope', async () => {
    configureActionClient({
      waitForBrowserId: async () => 'test-browser-0000-0000-0000-000000000001',
      fetch: async (_url, init) => {
        sent.push(JSON.parse(init?.body as string));
        return new Response(JSON.stringify({ ok: true, menu: null }), { status: 200 });
      },
    });
    const outcome = await callAction('PullFoodMenu', {});
    expect(outcome.ok).toBe(true);
    expect(sent).toEqual([expect.objectContaining({ action: 'PullFoodMenu', channel: 'on-the-go', contractVersion: CONTRACT_VERSION })]);
  });

  it('raises the forceReload flag of an unsupported contract on the bus and returns the refusal as an error', async () => {
    configureActionClient({
      waitForBrowserId: async () => 'test-browser-0000-0000-0000-000000000001',
      fetch: async () => new Response(JSON.stringify({ ok: false, forceReload: true, error: { code: 'contract_unsupported', message: 'x' } }), { status: 409 }),
    });
    await expect(callAction('PullFoodMenu', {})).rejects.toMatchObject({ status: 409, flags: { forceReload: true } });
  });
});
