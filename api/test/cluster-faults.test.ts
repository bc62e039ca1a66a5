// requirements#operations, "Must show": faults of a real deployment, against the real services. Three compiled API
// instances (api/dist/main.js) behind Debian's nginx (scripts/lib/cluster.mjs), one PostgreSQL
// (TEST_DATABASE_URL), a redis-server of the test's own, the Firebase Auth emulator for the staff.
// Each fault: no instance crashes, no acknowledged order is lost or saved twice, and every open page
// ends up showing the final state. Correctness only, no timings (those are in `npm run bench:cluster`).
import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '@shop/shared/contract';
import { createStaffAccount, DEMO_STAFF, startAuthEmulator } from '../../scripts/lib/auth-emulator.mjs';
import { createDatabase, NGINX, startCluster, type Cluster } from '../../scripts/lib/cluster.mjs';
import { MIGRATIONS_DIR } from '../src/db/client';
import { seedMenus } from '../src/seed';
import { testNow } from './support/clock';
import {
  action,
  EventStream,
  eventually,
  foodMenu,
  OrderPage,
  RedisServer,
  saveOrder,
  staffIdToken,
  ticketedStreamUrl,
  type HttpAnswer,
} from './support/cluster-client';
import { takeawayDraft } from './support/orders';

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const CAN_RUN = Boolean(ADMIN_URL) && fs.existsSync(NGINX) && RedisServer.available();
/** nginx on this port, the instances on the next three (this project's test ports). */
const PORT = Number(process.env.CLUSTER_TEST_PORT ?? 3141);
const REDIS_PORT = Number(process.env.CLUSTER_TEST_REDIS_PORT ?? 6391);
const INSTANCES = 3;

interface Placed {
  clientId: string;
  browserId: string;
  answer: HttpAnswer;
  statuses: number[];
}

describe.skipIf(!CAN_RUN)(
  `a cluster of ${INSTANCES} instances behind nginx under faults${CAN_RUN ? '' : ' (skipped: needs TEST_DATABASE_URL, nginx and redis-server)'}`,
  () => {
    let emulator: Awaited<ReturnType<typeof startAuthEmulator>>;
    let redis: RedisServer;
    let database: Awaited<ReturnType<typeof createDatabase>>;
    let cluster: Cluster;
    let sql: pg.Client;
    let staff: string;
    let menu: Menu;
    const pages: OrderPage[] = [];
    const streams: EventStream[] = [];

    beforeAll(async () => {
      emulator = await startAuthEmulator();
      await createStaffAccount(emulator.host);
      redis = new RedisServer(REDIS_PORT);
      await redis.start();
      database = await createDatabase(ADMIN_URL!);
      sql = new pg.Client({ connectionString: ADMIN_URL });
      await sql.connect();
      // All three start at the same moment on the empty database (the first test checks the outcome).
      cluster = await startCluster({
        instances: INSTANCES,
        port: PORT,
        databaseUrl: database.url,
        redisUrl: redis.url,
        emulatorHost: emulator.host,
        env: { NODE_ENV: 'test', SHOP_TEST_NOW: new Date(testNow()).toISOString(), FIREBASE_PROJECT_ID: emulator.projectId },
        waitReady: false,
      });
    }, 300_000);

    afterAll(async () => {
      for (const p of pages) p.close();
      for (const s of streams) s.close();
      await cluster?.stop();
      await redis?.dispose();
      await sql?.end();
      await database?.drop();
      await emulator?.stop();
    }, 120_000);

    /** Places `count` orders through nginx with the checkout's retry, each from a browser of its own. */
    const placeOrders = (count: number): Promise<Placed[]> =>
      Promise.all(
        Array.from({ length: count }, async () => {
          const browserId = `test-browser-${crypto.randomUUID()}`;
          const draft = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor' }], { createdAt: testNow() });
          const statuses: number[] = [];
          const answer = await saveOrder(cluster.url, draft, browserId, statuses);
          return { clientId: draft.clientId, browserId, answer, statuses };
        }),
      );

    /** Every acknowledged order is in the database exactly once, under the id it was acknowledged with. */
    const expectSavedOnce = async (placed: Placed[]) => {
      for (const p of placed) expect(p.answer.status, `${p.clientId}: ${JSON.stringify(p.answer.body).slice(0, 300)} after ${p.statuses.join(',')}`).toBe(200);
      const rows = await dbQuery<{ client_id: string; unique_order_id: string }>('select client_id, unique_order_id from orders where client_id = any($1)', [
        placed.map((p) => p.clientId),
      ]);
      expect(rows).toHaveLength(placed.length);
      const byClient = new Map(rows.map((r) => [r.client_id, r.unique_order_id]));
      for (const p of placed) expect(byClient.get(p.clientId)).toBe(p.answer.body.uniqueOrderId);
    };

    const staffChange = async (uniqueOrderId: string, change: 'confirm' | 'ready') => {
      for (let attempt = 0; attempt < 40; attempt++) {
        const res = await action(cluster.url, 'UpdateOrderStatus', { uniqueOrderId, change }, { token: staff });
        if (res.status === 200) return res;
        if (![0, 502, 503, 504].includes(res.status)) throw new Error(`UpdateOrderStatus ${change}: ${res.status} ${JSON.stringify(res.body)}`);
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`UpdateOrderStatus ${change} never went through`);
    };

    const openPage = (placed: Placed) => {
      const order = placed.answer.body.order as { uniqueOrderId: string };
      const page = new OrderPage(cluster.url, { uniqueOrderId: order.uniqueOrderId, accessToken: placed.answer.body.accessToken as string });
      pages.push(page);
      return page;
    };

    const expectAllAlive = () => {
      for (const m of cluster.instances) expect(m.alive, `instance ${m.index} died:\n${m.log().slice(-3000)}`).toBe(true);
    };

    const dbQuery = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query<T>(text, params)).rows;
      } finally {
        await client.end();
      }
    };

    it('three instances started together on an empty database all become ready: each migration applied once, seeded once', async () => {
      await cluster.waitReady();
      expectAllAlive();
      const journal = JSON.parse(fs.readFileSync(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8')) as { entries: unknown[] };
      const [migrations] = await dbQuery<{ count: string }>('select count(*) from drizzle.__drizzle_migrations');
      expect(Number(migrations!.count)).toBe(journal.entries.length);
      const [appconfig] = await dbQuery<{ count: string }>(`select count(*) from settings where key = 'appconfig'`);
      expect(Number(appconfig!.count)).toBe(1);
      const seeded = seedMenus();
      const [categories] = await dbQuery<{ count: string }>('select count(*) from menu_categories');
      expect(Number(categories!.count)).toBe(seeded.food.length + seeded.drink.length);
      // Every instance answers through nginx and says so.
      for (const m of cluster.instances) {
        const ready = (await (await fetch(`${m.url}/api/ready`)).json()) as { ready: boolean; checks: { migrations: { ok: boolean } } };
        expect(ready).toMatchObject({ ready: true, checks: { migrations: { ok: true } } });
      }
      menu = await foodMenu(cluster.url);
      staff = await staffIdToken(emulator.host, DEMO_STAFF);
    });

    it('database backends terminated during saves: no crash, every acknowledged order saved once, every open page sees the final state', async () => {
      const [first, second] = await placeOrders(2);
      const watched = [openPage(first!), openPage(second!)];
      await eventually(() => watched.every((p) => p.stream.hellos > 0), 'pages subscribed');

      // Orders under way while every connection of the cluster's database is cut, again and again
      // (idle ones, and ones in the middle of an order's transaction), until the saves are through.
      let terminated = 0;
      let saved = false;
      const saving = placeOrders(24).finally(() => (saved = true));
      for (let round = 0; round < 40 && !saved; round++) {
        await new Promise((r) => setTimeout(r, 150));
        const { rowCount } = await sql.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and application_name = 'streetfood-shop'`,
          [database.name],
        );
        terminated += rowCount ?? 0;
      }
      const placed = await saving;
      expect(terminated).toBeGreaterThan(0);
      // Some saves met a cut connection and were answered 503 (and retried by the checkout).
      expect(placed.flatMap((p) => p.statuses).filter((s) => s === 503).length).toBeGreaterThan(0);
      expectAllAlive();
      await expectSavedOnce([first!, second!, ...placed]);

      // The kitchen accepts the two watched orders: both pages show it.
      await staffChange(watched[0]!.order.uniqueOrderId, 'confirm');
      await staffChange(watched[1]!.order.uniqueOrderId, 'confirm');
      await eventually(() => watched.every((p) => p.state === 'Confirmed'), 'both pages show Confirmed');
      await cluster.waitReady();
      // No connection was leaked by a cut in the middle of a transaction: once idle, every pool has none in use.
      for (const m of cluster.instances) {
        await eventually(
          async () => /shop_database_pool_connections\{state="in_use"\} 0\b/.test(await (await fetch(`${m.url}/api/metrics`)).text()),
          `instance ${m.index}: no connection in use`,
          20_000,
        );
      }
    });

    it('Redis stopped and restarted: orders and staff changes still answer, open pages resync and show the final state', async () => {
      const [watchedOrder, other] = await placeOrders(2);
      const page = openPage(watchedOrder!);
      const board = new EventStream(ticketedStreamUrl(cluster.url, { channels: ['staff'] }, staff));
      streams.push(board);
      await eventually(() => page.stream.hellos > 0 && board.hellos > 0, 'page and board subscribed');
      await staffChange(page.order.uniqueOrderId, 'confirm');
      await eventually(() => page.state === 'Confirmed', 'page shows Confirmed');

      const resyncsBefore = page.stream.resyncs + board.resyncs;
      await redis.stop();
      // The streams learn of the loss (resync), readiness says which dependency failed.
      await eventually(() => page.stream.resyncs + board.resyncs >= resyncsBefore + 2, 'open streams told to resync');
      const notReady = (await (await fetch(`${cluster.instances[0]!.url}/api/ready`)).json()) as { ready: boolean; checks: { redis: { ok: boolean } } };
      expect(notReady).toMatchObject({ ready: false, checks: { redis: { ok: false } } });

      // With Redis away: orders are saved and answered (never 500), rate limits fail open, the staff's change goes through.
      const during = await placeOrders(3);
      for (const p of during) expect(p.statuses).not.toContain(500);
      const ready = await staffChange(page.order.uniqueOrderId, 'ready');
      expect(ready.status).toBe(200);
      expect(page.state).toBe('Confirmed'); // the event could not travel

      await redis.start();
      // Back: the page reconnects, its hello makes it fetch the order, and it shows what happened meanwhile.
      await eventually(() => page.state === 'Ready', 'page shows Ready after Redis came back');
      await cluster.waitReady();
      expectAllAlive();
      await expectSavedOnce([watchedOrder!, other!, ...during]);

      // Events flow again, to the page and to the board.
      const boardEvents = board.events.length;
      await staffChange(other!.answer.body.uniqueOrderId as string, 'confirm');
      await eventually(() => board.events.length > boardEvents, 'the board hears the next change');
    });

    it('SIGTERM with open streams: the instance drains and exits, its streams reconnect elsewhere, in-flight saves are answered', async () => {
      const placedBefore = await placeOrders(6);
      const watched = placedBefore.map(openPage);
      await eventually(() => watched.every((p) => p.stream.hellos > 0 && p.state === 'New'), 'pages subscribed');
      const victim = cluster.instances[0]!;
      const resyncsBefore = watched.reduce((n, p) => n + p.stream.resyncs, 0);

      const saving = placeOrders(6);
      const exit = await victim.kill('SIGTERM');
      expect(exit, victim.log().slice(-3000)).toEqual({ code: 0, signal: null });
      const placed = await saving;
      await expectSavedOnce([...placedBefore, ...placed]);

      // Streams of the stopped instance were told to go (a retry hint and a resync event) and came back elsewhere.
      const resyncs = watched.reduce((n, p) => n + p.stream.resyncs, 0) - resyncsBefore;
      expect(resyncs).toBeGreaterThan(0);
      await eventually(() => watched.every((p) => p.stream.live), 'every page subscribed again');
      for (const p of watched) await staffChange(p.order.uniqueOrderId, 'confirm');
      await eventually(() => watched.every((p) => p.state === 'Confirmed'), 'every page shows Confirmed');
      for (const m of cluster.instances.slice(1)) expect(m.alive).toBe(true);
    });
  },
);
