import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, ServerEvent } from '@shop/shared/contract';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { WAITER_CALL_LIMITS } from '@shop/shared/domain/waiter-call';
import { de } from '@shop/shared/i18n';
import { settings, signals } from '../src/db/schema';
import { testDatabases } from './support/databases';
import { STAFF_TOKEN, testVerifier } from './support/staff';
import { startTestApi, type TestApi } from './support/test-api';

const call = (table: string, signalId = `sig-${crypto.randomUUID()}`) => ({ usecase: 'tableordering' as const, type: 'kellnerruf' as const, table, signalId });

describe.each(testDatabases())('Kellnerruf on $name', (database) => {
  let t: TestApi;
  let clock = Date.UTC(2026, 10, 25, 18, 0);
  const paged: Extract<ServerEvent, { type: 'waiterCalled' }>[] = [];

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { now: () => clock, verifier: testVerifier });
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

  it(`a table pages at most ${WAITER_CALL_LIMITS.pagesPerTable} times in its window, however many browsers call (requirements#security)`, async () => {
    const start = clock;
    const answers: boolean[] = [];
    for (let i = 0; i < WAITER_CALL_LIMITS.pagesPerTable + 3; i++) {
      clock += SHOP_CONSTANTS.waiterCallRepeatMs;
      answers.push((await t.call('Kellnerruf', call('21'), { browserId: `waiter-browser-0000-0000-${String(i).padStart(12, '0')}` })).body.repeated as boolean);
    }
    expect(answers.filter((r) => !r)).toHaveLength(WAITER_CALL_LIMITS.pagesPerTable);
    expect(paged.filter((e) => e.table === '21')).toHaveLength(WAITER_CALL_LIMITS.pagesPerTable);
    // After the window, the table pages again.
    clock = start + WAITER_CALL_LIMITS.tableWindowMs + 10 * SHOP_CONSTANTS.waiterCallRepeatMs;
    expect((await t.call('Kellnerruf', call('21'))).body.repeated).toBe(false);
  });

  it('the staff mute a table on the board: its calls page nobody and the guest is asked to speak to the staff; unmuted it pages again', async () => {
    const heard: ServerEvent[] = [];
    const sub = t.api.events.subscribe('staff', (e) => heard.push(e));
    await sub.ready;
    expect((await t.call('MuteWaiterCalls', { table: '12', minutes: 30 })).status).toBe(401);
    expect((await t.call('MuteWaiterCalls', { table: '12', minutes: 30 }, { token: 'user:anna' })).status).toBe(403);
    const muted = await t.call('MuteWaiterCalls', { table: '12', minutes: 30 }, { token: STAFF_TOKEN });
    expect(muted.status).toBe(200);
    expect(muted.body.waiterMutes).toEqual([{ table: '12', until: clock + 30 * 60_000 }]);
    expect(heard).toContainEqual({ type: 'waiterMutesChanged', filialnummer: 1, waiterMutes: [{ table: '12', until: clock + 30 * 60_000 }] });
    expect(((await t.call('LoadStaffOrders', {}, { token: STAFF_TOKEN })).body.waiterMutes as unknown[]).length).toBe(1);

    const refused = await t.call('Kellnerruf', call('12'));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'conflict', userMessage: de.orders.waiterCallMuted });
    expect(paged.some((e) => e.table === '12')).toBe(false);
    // Other tables are not affected.
    expect((await t.call('Kellnerruf', call('13'))).body.repeated).toBe(false);

    expect((await t.call('MuteWaiterCalls', { table: '12', minutes: 0 }, { token: STAFF_TOKEN })).body.waiterMutes).toEqual([]);
    expect((await t.call('Kellnerruf', call('12'))).body.repeated).toBe(false);
    // A mute ends by itself.
    await t.call('MuteWaiterCalls', { table: '14', minutes: 1 }, { token: STAFF_TOKEN });
    expect((await t.call('Kellnerruf', call('14'))).status).toBe(409);
    clock += 60_000;
    expect((await t.call('Kellnerruf', call('14'))).status).toBe(200);
    expect((await t.call('MuteWaiterCalls', { table: '14', minutes: WAITER_CALL_LIMITS.maxMuteMinutes + 1 }, { token: STAFF_TOKEN })).status).toBe(400);
    sub();
  });
});
