// requirements#operating-rules: the board at any volume. A day of 2,000 orders over both branches is written
// straight into the orders table (a realistic mix of open, finished, unpaid and expired orders; no
// SaveNewOrder 2,000 times), then the kitchen of each branch loads its board: every open order of
// its branch, the oldest one included, nothing of the other branch, unpaid orders apart, and the
// finished ones page by page, each exactly once. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu, OrderState, SavedOrder } from '@shop/shared/contract';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { orders } from '../src/db/schema';
import { testNow } from './support/clock';
import { testDatabases } from './support/databases';
import { takeawayDraft } from './support/orders';
import { STAFF_TOKEN, testVerifier } from './support/staff';
import { startTestApi, type TestApi } from './support/test-api';

const ST_GEORG = 'hamburg.localhost';
const EIMSBUETTEL = 'eimsbuettel.localhost';
const PER_BRANCH = 1000;
const MINUTE = 60_000;

interface Board {
  orders: SavedOrder[];
  awaitingPayment: SavedOrder[];
  awaitingPaymentCount: number;
  historyCursor: string | null;
}

/** What a generated order is: its state and, for unpaid ones, whether its deadline passed. */
type Kind = OrderState | 'DraftExpiredUnswept';

/** The day's mix at one branch, by position (0 = the oldest order of the day). */
function kindOf(i: number): Kind {
  if (i === 0) return 'New'; // the first order of the day, never accepted yet: it must stay on the board
  if (i % 40 === 1) return 'New';
  if (i % 40 === 2) return 'Confirmed';
  if (i % 40 === 3) return 'Ready';
  if (i % 5 === 4) return 'Draft'; // unpaid online orders (drafts) all day long
  if (i % 7 === 5) return 'AwaitingPayment';
  if (i % 11 === 6) return 'DraftExpiredUnswept'; // past the deadline, the sweep has not come by yet
  if (i % 13 === 7) return 'Expired';
  if (i % 17 === 8) return 'Rejected';
  if (i % 19 === 9) return 'Cancelled';
  return 'Collected';
}

const OPEN: readonly Kind[] = ['New', 'Confirmed', 'Ready'];
const FINISHED: readonly Kind[] = ['Collected', 'Rejected', 'Cancelled'];

describe.each(testDatabases())('the staff board at 2,000 orders a day over two branches on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  const clock = testNow();
  const statements: string[] = [];
  let counting = false;
  const made = new Map<number, Map<string, Kind>>([
    [1, new Map()],
    [2, new Map()],
  ]);

  beforeAll(async () => {
    t = await startTestApi(await database.open({ onQuery: (q) => counting && statements.push(q) }), { verifier: testVerifier, now: () => clock });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
    // One real order gives the document every generated order is a copy of.
    const saved = await t.call('SaveNewOrder', { order: takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 2 }]) }, { host: ST_GEORG });
    expect(saved.status, JSON.stringify(saved.body.error)).toBe(200);
    const template = saved.body.order as SavedOrder & { accessToken?: string };
    const { accessToken: _token, ...base } = template;
    await t.api.database.db.delete(orders);

    const dayStart = clock - 12 * 60 * MINUTE;
    const rows: (typeof orders.$inferInsert)[] = [];
    for (const branch of [1, 2]) {
      for (let i = 0; i < PER_BRANCH; i++) {
        const kind = kindOf(i);
        const state: OrderState = kind === 'DraftExpiredUnswept' ? 'Draft' : kind;
        // Both branches' orders interleave over the day; the first of the day comes first at both.
        const createdAt = dayStart + Math.floor(((i * 2 + branch - 1) * 12 * 60 * MINUTE) / (2 * PER_BRANCH));
        const uniqueOrderId = `bulk-${branch}-${String(i).padStart(4, '0')}`;
        const unpaid = state === 'Draft' || state === 'AwaitingPayment';
        const data: SavedOrder = {
          ...base,
          uniqueOrderId,
          clientId: `client-${uniqueOrderId}`,
          orderNumber: 5000 + branch * PER_BRANCH + i,
          filialnummer: branch,
          state,
          onlinePay: unpaid || base.onlinePay,
          createdAt,
          history: [{ state, at: createdAt }],
          ...(unpaid ? { expiresAt: kind === 'DraftExpiredUnswept' ? clock - MINUTE : clock + 20 * MINUTE } : {}),
        };
        rows.push({
          uniqueOrderId,
          clientId: data.clientId,
          orderNumber: data.orderNumber,
          browserId: `bulk-browser-${branch}-${i % 97}`,
          fuid: null,
          usecase: data.usecase,
          state,
          total: data.total,
          createdAt,
          updatedAt: createdAt,
          data,
        });
        made.get(branch)!.set(uniqueOrderId, kind);
      }
    }
    for (let i = 0; i < rows.length; i += 250) await t.api.database.db.insert(orders).values(rows.slice(i, i + 250));
    await t.api.database.db.execute(sql`analyze orders`);
  });
  afterAll(async () => t?.close());

  const load = async (host: string, historyBefore?: string): Promise<Board> => {
    const res = await t.call('LoadStaffOrders', historyBefore ? { historyBefore } : {}, { token: STAFF_TOKEN, host });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body as unknown as Board;
  };
  const idsOf = (branch: number, kinds: readonly Kind[]) => [...made.get(branch)!].filter(([, kind]) => kinds.includes(kind)).map(([id]) => id);

  it.each([
    [1, ST_GEORG],
    [2, EIMSBUETTEL],
  ])('branch %i: every open order is on its board, the first of the day included, and nothing of the other branch', async (branch, host) => {
    const board = await load(host);
    const open = board.orders.filter((o) => OPEN.includes(o.state)).map((o) => o.uniqueOrderId);
    expect(open.sort()).toEqual(idsOf(branch, OPEN).sort());
    expect(open).toContain(`bulk-${branch}-0000`);
    expect(open.length).toBeGreaterThan(50);
    const everything = [...board.orders, ...board.awaitingPayment];
    expect(everything.every((o) => o.filialnummer === branch)).toBe(true);
    // Placed orders only; newest first.
    expect(board.orders.every((o) => o.state !== 'Draft' && o.state !== 'AwaitingPayment' && o.state !== 'Expired')).toBe(true);
    const times = board.orders.map((o) => o.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it.each([
    [1, ST_GEORG],
    [2, EIMSBUETTEL],
  ])('branch %i: unpaid orders come apart (not expired ones), counted, never in the kitchen list', async (branch, host) => {
    const board = await load(host);
    const valid = idsOf(branch, ['Draft', 'AwaitingPayment']);
    expect(board.awaitingPaymentCount).toBe(valid.length);
    expect(board.awaitingPayment).toHaveLength(Math.min(valid.length, CHECKOUT_CONSTANTS.boardAwaitingPaymentMax));
    expect(board.awaitingPayment.every((o) => valid.includes(o.uniqueOrderId))).toBe(true);
    const overdue = new Set(idsOf(branch, ['DraftExpiredUnswept', 'Expired']));
    expect([...board.orders, ...board.awaitingPayment].some((o) => overdue.has(o.uniqueOrderId))).toBe(false);
  });

  it('finished orders come in pages by cursor: each exactly once, newest first, only this branch', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const board = await load(ST_GEORG, cursor);
      const finished = board.orders.filter((o) => FINISHED.includes(o.state));
      expect(finished.length).toBeLessThanOrEqual(CHECKOUT_CONSTANTS.boardHistoryPageSize);
      // Every page still carries every open order.
      expect(board.orders.filter((o) => OPEN.includes(o.state))).toHaveLength(idsOf(1, OPEN).length);
      seen.push(...finished.map((o) => o.uniqueOrderId));
      cursor = board.historyCursor ?? undefined;
      pages++;
    } while (cursor && pages < 100);
    const expected = idsOf(1, FINISHED);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(expected.sort());
    expect(pages).toBe(Math.ceil(expected.length / CHECKOUT_CONSTANTS.boardHistoryPageSize));
  });

  it('an order placed a minute ago is on the board beside the day, and a malformed cursor is a 400', async () => {
    const res = await t.call('SaveNewOrder', { order: takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }]) }, { host: EIMSBUETTEL });
    const fresh = res.body.order as SavedOrder;
    expect((await load(EIMSBUETTEL)).orders.map((o) => o.uniqueOrderId)).toContain(fresh.uniqueOrderId);
    expect((await load(ST_GEORG)).orders.map((o) => o.uniqueOrderId)).not.toContain(fresh.uniqueOrderId);
    const bad = await t.call('LoadStaffOrders', { historyBefore: 'not-a-cursor' }, { token: STAFF_TOKEN, host: ST_GEORG });
    expect(bad.status).toBe(400);
  });

  it('costs the same few statements at any volume, and the open orders are found by the branch-and-state index', async () => {
    statements.length = 0;
    counting = true;
    await load(ST_GEORG);
    counting = false;
    const boardQueries = statements.filter((q) => /from "orders"/.test(q));
    expect(boardQueries.length).toBeLessThanOrEqual(4);
    const plan = await t.api.database.db.execute(
      sql`explain select * from orders where filialnummer = 1 and state in ('New', 'Confirmed', 'Ready') order by created_at desc`,
    );
    const text = (plan as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r).join(' ')).join('\n');
    expect(text).toMatch(/orders_branch_state_idx/);
  });
});
