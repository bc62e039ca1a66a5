import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, ServerEvent } from '@shop/shared/contract';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { settings, signals } from '../src/db/schema';
import { testDatabases } from './support/databases';
import { startTestApi, type TestApi } from './support/test-api';

const call = (table: string, signalId = `sig-${crypto.randomUUID()}`) => ({ usecase: 'tableordering' as const, type: 'kellnerruf' as const, table, signalId });

describe.each(testDatabases())('Kellnerruf on $name', (database) => {
  let t: TestApi;
  let clock = Date.UTC(2026, 10, 25, 18, 0);
  const paged: Extract<ServerEvent, { type: 'waiterCalled' }>[] = [];

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { now: () => clock });
    const sub = t.api.events.subscribe('staff', (e) => {
      if (e.type === 'waiterCalled') paged.push(e);
    });
    await sub.ready;
  });
  afterAll(async () => t?.close());

  it('stores the call and pages the staff once, however often the same call is sent', async () => {
    const payload = call('7');
    const results = await Promise.all(Array.from({ length: 5 }, () => t.call('Kellnerruf', payload)));
    for (const res of results) {
      expect(res.status).toBe(200);
      expect(res.body.signal).toEqual({ signalId: payload.signalId, table: '7', createdAt: clock });
    }
    expect(results.filter((r) => r.body.repeated === false)).toHaveLength(1);
    expect(paged.filter((e) => e.signalId === payload.signalId)).toEqual([{ type: 'waiterCalled', signalId: payload.signalId, table: '7', at: clock }]);
    const rows = await t.api.database.db.select().from(signals).where(eq(signals.signalId, payload.signalId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'kellnerruf', usecase: 'tableordering', table: '7', filialnummer: 1 });
  });

  it('answers a second call from the same table within a minute with the first; a minute later it pages again', async () => {
    const first = await t.call('Kellnerruf', call('8'));
    clock += SHOP_CONSTANTS.waiterCallRepeatMs - 1;
    const soon = await t.call('Kellnerruf', call('8'));
    expect(soon.body).toMatchObject({ repeated: true, signal: first.body.signal });
    const otherTable = await t.call('Kellnerruf', call('9'));
    expect(otherTable.body.repeated).toBe(false);
    clock += 1;
    const later = await t.call('Kellnerruf', call('8'));
    expect(later.body.repeated).toBe(false);
    expect(paged.filter((e) => e.table === '8')).toHaveLength(2);
  });

  it('refuses a call without a table or of another type with a clear error', async () => {
    const noTable = await t.call('Kellnerruf', { ...call('x'), table: '  ' });
    expect(noTable.status).toBe(400);
    expect((noTable.body.error as { message: string }).message).toMatch(/^Invalid payload for Kellnerruf: payload\.table/);
    const wrongType = await t.call('Kellnerruf', { ...call('3'), type: 'foodOrder' } as never);
    expect(wrongType.status).toBe(400);
  });

  it('refuses the call in German when the restaurant switched the waiter call off', async () => {
    const [row] = await t.api.database.db.select().from(settings).where(eq(settings.key, 'appconfig'));
    const config = row!.data as AppConfig;
    await t.api.database.db
      .update(settings)
      .set({ data: { ...config, features: { ...config.features, enableKellnerruf: false } } })
      .where(eq(settings.key, 'appconfig'));
    try {
      const res = await t.call('Kellnerruf', call('4'));
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'conflict', userMessage: 'Der Kellnerruf ist zur Zeit nicht verfügbar.' });
      expect(paged.some((e) => e.table === '4')).toBe(false);
    } finally {
      await t.api.database.db.update(settings).set({ data: config }).where(eq(settings.key, 'appconfig'));
    }
  });
});
