import { afterEach, describe, expect, it } from 'vitest';
import { configureActionClient } from '@shop/shared/client';
import type { OrderDraftInput } from '@shop/shared/contract';
import { FLOWS } from '@shop/shared/domain/checkout-flow';
import { de } from '@shop/shared/i18n';
import { saveOrder } from './save-order';

const draft = { clientId: 'client-order-1' } as unknown as OrderDraftInput;
const saved = { uniqueOrderId: 'order-1', orderNumber: 7 };

/** A server that answers the given statuses in turn (the last one for every further call) and records the order ids sent. */
function serverAnswering(statuses: number[]): { clientIds: unknown[] } {
  const clientIds: unknown[] = [];
  let call = 0;
  configureActionClient({
    waitForBrowserId: async () => 'test-browser-0000-0000-0000-000000000001',
    fetch: async (_url, init) => {
      clientIds.push((JSON.parse(init?.body as string) as { payload: { order: { clientId: unknown } } }).payload.order.clientId);
      const status = statuses[Math.min(call++, statuses.length - 1)]!;
      if (status === 200) return new Response(JSON.stringify({ ok: true, order: saved, duplicate: call > 1 }), { status });
      // A balancer's own page (502) has no JSON body; the API's 503 has its envelope.
      const body = status === 503 ? JSON.stringify({ ok: false, error: { code: 'unavailable', message: 'x', userMessage: 'y' } }) : '<html>Bad Gateway</html>';
      return new Response(body, { status });
    },
  });
  return { clientIds };
}

describe('saveOrder: a balancer or instance that cannot take the order now (requirements#operations)', () => {
  afterEach(() => configureActionClient({ fetch: (...args) => globalThis.fetch(...args) }));
  const noSleep = async () => undefined;

  it('retries a 502 and a 503 with the same order id and reports the saved order', async () => {
    const server = serverAnswering([502, 503, 200]);
    const outcome = await saveOrder(draft, FLOWS.delivery, { sleep: noSleep });
    expect(outcome).toMatchObject({ kind: 'saved', order: saved });
    expect(server.clientIds).toEqual(['client-order-1', 'client-order-1', 'client-order-1']);
  });

  it('after the retries shows the connection error, as for a lost connection', async () => {
    serverAnswering([504]);
    expect(await saveOrder(draft, FLOWS.delivery, { sleep: noSleep })).toEqual({ kind: 'failed', title: de.checkout.transportError });
    serverAnswering([503]);
    expect(await saveOrder(draft, FLOWS.takeaway, { sleep: noSleep })).toEqual({ kind: 'failed', title: de.checkout.pickupTransportError });
  });

  it('does not retry a 500: the server may have decided', async () => {
    const server = serverAnswering([500, 200]);
    expect(await saveOrder(draft, FLOWS.delivery, { sleep: noSleep })).toMatchObject({ kind: 'failed', title: de.checkout.saveFailed });
    expect(server.clientIds).toHaveLength(1);
  });
});
