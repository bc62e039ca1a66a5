// requirements#operating-rules items 4 and 8: the server honours every switch of the host the request arrives on — the
// descriptor's features over the restaurant's app config (ordering off, flows, delivery, waiter
// call) and the payment methods the venue offers — in SaveNewOrder and in the payment actions, with
// German messages; a tip only where the spec has one; the pickup address from the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, FeatureFlags, HostDescriptor, Menu, OrderDraftInput, SavedOrder } from '@shop/shared/contract';
import { REPO_ROOT } from '../src/config';
import { settings } from '../src/db/schema';
import { checkoutDraft } from './support/checkout-drafts';
import { testNow } from './support/clock';
import { testDatabases } from './support/databases';
import { onlineTakeawayDraft, takeawayDraft } from './support/orders';
import { testVerifier } from './support/staff';
import { startTestApi, type TestApi } from './support/test-api';

const ORDERING_OFF = 'Aktuell sind keine Online Bestellungen möglich!';
const FLOW_OFF = 'Diese Bestellart ist zur Zeit leider nicht möglich.';
const METHOD_OFF = 'Diese Zahlungsmethode ist zur Zeit nicht verfügbar. Bitte wähle eine andere.';

describe.each(testDatabases())('host switches on the server on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  let config: AppConfig;
  let hostsDir: string;
  const clock = testNow();
  const base = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'hosts', 'localhost.json'), 'utf8')) as HostDescriptor;

  /** Writes the descriptor of `<name>.localhost` with these feature overrides (the API reads a changed file at once). */
  function host(name: string, features: Partial<FeatureFlags>): string {
    const descriptor = { ...base, hosts: [`${name}.localhost`], features };
    fs.writeFileSync(path.join(hostsDir, `${name}.json`), JSON.stringify(descriptor));
    return `${name}.localhost`;
  }

  beforeAll(async () => {
    hostsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-hosts-'));
    for (const file of fs.readdirSync(path.join(REPO_ROOT, 'deploy', 'hosts'))) {
      if (file.endsWith('.json')) fs.copyFileSync(path.join(REPO_ROOT, 'deploy', 'hosts', file), path.join(hostsDir, file));
    }
    host('closed', { orderingEnabled: false });
    host('switching', {});
    host('cashonly', { enableTakeawayPay: false });
    host('onlineonly', { enableTakwawayOhnePay: false });
    host('nodelivery', { enableDelivery: false });
    host('notip', { enableTip: false });
    host('nowaiter', { enableKellnerruf: false });
    t = await startTestApi(await database.open(), { verifier: testVerifier, now: () => clock, env: { DEPLOY_HOSTS_DIR: hostsDir } });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
    config = (await t.call('GetAppconfig', {})).body.appconfig as AppConfig;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(hostsDir, { recursive: true, force: true });
  });

  const save = (draft: OrderDraftInput, onHost: string, browserId?: string) =>
    t.call('SaveNewOrder', { order: draft }, { host: onHost, ...(browserId ? { browserId } : {}) });
  const online = () => onlineTakeawayDraft(menu, config, [{ itemId: 'tacos-al-pastor', count: 2 }], { createdAt: clock });
  const onSite = () => takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 2 }], { createdAt: clock });
  const refused = (res: { status: number; body: Record<string, unknown> }, status: number, userMessage: string) => {
    expect(res.status, JSON.stringify(res.body.error)).toBe(status);
    expect(res.body.error).toMatchObject({ userMessage });
  };

  it('ordering switched off by the host: no order is saved, whatever the browser believes', async () => {
    refused(await save(online(), 'closed.localhost'), 409, ORDERING_OFF);
    refused(await save(onSite(), 'closed.localhost'), 409, ORDERING_OFF);
    expect((await save(onSite(), 'localhost')).status).toBe(200);
  });

  it('ordering switched off after the draft was saved (a tab opened before): no payment starts', async () => {
    const browserId = 'switch-browser-0000-0000-0000-000000000001';
    const saved = await save(online(), 'switching.localhost', browserId);
    expect(saved.status).toBe(200);
    const order = saved.body.order as SavedOrder;
    host('switching', { orderingEnabled: false });
    const intent = await t.call(
      'StripeCreatePaymentIntent',
      { amount: order.total, paymentMethodId: 'pm_card_visa', order: { uniqueOrderId: order.uniqueOrderId } },
      { host: 'switching.localhost', browserId },
    );
    refused(intent, 409, ORDERING_OFF);
    refused(
      await t.call('CreatePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, negativeTest: false }, { host: 'switching.localhost', browserId }),
      409,
      ORDERING_OFF,
    );
    // Switched on again: the same order can be paid.
    host('switching', {});
    const again = await t.call(
      'StripeCreatePaymentIntent',
      { amount: order.total, paymentMethodId: 'pm_card_visa', order: { uniqueOrderId: order.uniqueOrderId } },
      { host: 'switching.localhost', browserId },
    );
    expect(again.status, JSON.stringify(again.body.error)).toBe(200);
  });

  it('each flow by its own switch: online takeaway, takeaway paid at pickup, delivery', async () => {
    refused(await save(online(), 'cashonly.localhost'), 409, FLOW_OFF);
    expect((await save(onSite(), 'cashonly.localhost')).status).toBe(200);
    refused(await save(onSite(), 'onlineonly.localhost'), 409, FLOW_OFF);
    expect((await save(online(), 'onlineonly.localhost', 'onlineonly-browser-0000-0000-000000000001')).status).toBe(200);
    const delivery = checkoutDraft(menu, config, 'deliveryWithPay', clock).draft;
    refused(await save(delivery, 'nodelivery.localhost'), 409, FLOW_OFF);
    expect((await save({ ...delivery, clientId: `${delivery.clientId}-b` }, 'localhost', 'delivery-browser-0000-0000-000000000001')).status).toBe(200);
  });

  it('payment methods the venue switched off are refused by the payment actions; the others work', async () => {
    const browserId = 'methods-browser-0000-0000-0000-000000000001';
    const saved = await save(online(), 'localhost', browserId);
    const order = saved.body.order as SavedOrder;
    const [row] = await t.api.database.db.select().from(settings).where(eq(settings.key, 'appconfig'));
    const venue = row!.data as AppConfig;
    await t.api.database.db
      .update(settings)
      .set({ data: { ...venue, providers: { ...venue.providers, paypal: false, wallet: false } } })
      .where(eq(settings.key, 'appconfig'));
    try {
      refused(await t.call('CreatePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, negativeTest: false }, { browserId }), 409, METHOD_OFF);
      refused(
        await t.call(
          'StripeCreatePaymentIntent',
          { amount: order.total, paymentMethodId: 'pm_card_visa', method: 'wallet', order: { uniqueOrderId: order.uniqueOrderId } },
          { browserId },
        ),
        409,
        METHOD_OFF,
      );
      const card = await t.call(
        'StripeCreatePaymentIntent',
        { amount: order.total, paymentMethodId: 'pm_card_visa', order: { uniqueOrderId: order.uniqueOrderId } },
        { browserId },
      );
      expect(card.status, JSON.stringify(card.body.error)).toBe(200);
    } finally {
      await t.api.database.db.update(settings).set({ data: venue }).where(eq(settings.key, 'appconfig'));
    }
  });

  it('the waiter call follows the host switch', async () => {
    const call = (onHost: string, signalId: string) =>
      t.call('Kellnerruf', { usecase: 'tableordering', type: 'kellnerruf', table: '7', signalId }, { host: onHost });
    expect((await call('nowaiter.localhost', 'signal-host-switch-0001')).status).toBe(409);
    expect((await call('localhost', 'signal-host-switch-0002')).status).toBe(200);
  });

  it('a tip only in the in-house online flow with tip, and only where the venue offers tips', async () => {
    const tipped = checkoutDraft(menu, config, 'takeawayWithPay', clock, { tipPercent: 10 }).draft;
    expect(tipped.paymentInfo.tip).toBeGreaterThan(0);
    refused(
      await save(tipped, 'localhost', 'tip-browser-0000-0000-0000-000000000001'),
      409,
      'Trinkgeld kann nur bei einer Bestellung am Tisch mit Online-Zahlung gegeben werden.',
    );
    const atTable = checkoutDraft(menu, config, 'inhouseWithPayTip', clock, { tipPercent: 10 }).draft;
    expect((await save(atTable, 'localhost', 'tip-browser-0000-0000-0000-000000000002')).status).toBe(200);
    refused(
      await save({ ...atTable, clientId: `${atTable.clientId}-notip` }, 'notip.localhost', 'tip-browser-0000-0000-0000-000000000003'),
      409,
      'Trinkgeld kann nur bei einer Bestellung am Tisch mit Online-Zahlung gegeben werden.',
    );
  });

  it('the pickup address comes from the host, never from the browser', async () => {
    const draft = { ...onSite(), abholAdresse: 'Irgendwo 1, 99999 Nirgendwo' };
    const stGeorg = await save(draft, 'hamburg.localhost');
    expect((stGeorg.body.order as SavedOrder).abholAdresse).toBe('Street Food St. Georg, Lange Reihe 42, 20099 Hamburg');
    const eimsbuettel = await save({ ...draft, clientId: `${draft.clientId}-e` }, 'eimsbuettel.localhost');
    const expected = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'hosts', 'eimsbuettel.json'), 'utf8')) as HostDescriptor).branch.pickupAddress;
    expect((eimsbuettel.body.order as SavedOrder).abholAdresse).toBe(expected);
    const atTable = checkoutDraft(menu, config, 'inhouse', clock).draft;
    const inhouse = await save({ ...atTable, abholAdresse: 'Irgendwo 1' }, 'localhost');
    expect((inhouse.body.order as SavedOrder).abholAdresse).toBeUndefined();
  });
});
