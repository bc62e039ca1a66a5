// requirements#operating-rules: e-mail for real. Order confirmations and tickets go from the outbox through SMTP
// (nodemailer) to a local SMTP server the test starts (the `smtp-server` package, the real
// protocol): a confirmation for every placed order, the tickets of a ticket order once its money is
// captured (no kitchen step), a retry after a refused send or a server that is down, and no mail
// twice when two workers send at once. On PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, Menu, OrderDraftInput, SavedOrder } from '@shop/shared/contract';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { mailOutbox } from '../src/db/schema';
import { smtpTransport } from '../src/mail';
import { claimDueMails, mailBackoffMs, sendDueMails } from '../src/mail/worker';
import { checkoutDraft } from './support/checkout-drafts';
import { testNow } from './support/clock';
import { applicationDatabase } from './support/databases';
import { startLocalSmtp, type LocalSmtp } from './support/smtp-server';
import { STAFF_TOKEN, testVerifier } from './support/staff';
import { takeawayDraft } from './support/orders';
import { startTestApi, TEST_BROWSER_ID, type TestApi } from './support/test-api';

describe.each(applicationDatabase())('mail through SMTP from the outbox on $name', (database) => {
  let smtp: LocalSmtp;
  let t: TestApi;
  let menu: Menu;
  let config: AppConfig;
  let clock = testNow();

  beforeAll(async () => {
    smtp = await startLocalSmtp();
    t = await startTestApi(await database.open(), {
      verifier: testVerifier,
      now: () => clock,
      env: { SMTP_URL: smtp.url, MAIL_FROM: '"Bestellungen" <bestellung@streetfood.test>' },
    });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
    config = (await t.call('GetAppconfig', {})).body.appconfig as AppConfig;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const db = () => t.api.database.db;
  const outboxOf = async (uniqueOrderId: string) => db().select().from(mailOutbox).where(eq(mailOutbox.uniqueOrderId, uniqueOrderId));
  async function placeOnSite(): Promise<SavedOrder> {
    const draft: OrderDraftInput = takeawayDraft(menu, [{ itemId: 'tacos-al-pastor', count: 2 }], {
      createdAt: clock,
      userInfo: { fuid: null, name: 'Erika Mustermann', email: 'Erika@Example.org', phone: '+4915112345678' },
    });
    const res = await t.call('SaveNewOrder', { order: draft });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body.order as SavedOrder;
  }
  const received = (order: SavedOrder) => smtp.received.filter((m) => m.subject.includes(`Nr. ${order.orderNumber}`));

  it('a placed order gets its confirmation: to the guest, German text and HTML, nothing the guest did not give', async () => {
    const order = await placeOnSite();
    await t.api.mail.flush();
    const [mail] = received(order);
    expect(mail, 'confirmation received').toBeDefined();
    expect(mail!.to).toEqual(['erika@example.org']);
    expect(mail!.from).toBe('bestellung@streetfood.test');
    expect(mail!.subject).toBe(`Deine Bestellung Nr. ${order.orderNumber}`);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);
    expect(mail!.text).toContain('Hallo Erika Mustermann,');
    expect(mail!.text).toContain(`Bestellnummer: ${order.orderNumber}`);
    expect(mail!.text).toContain('2 × Tacos');
    expect(mail!.text).toContain('Abholung: Street Food St. Georg, Lange Reihe 42, 20099 Hamburg');
    expect(mail!.text).toContain('Zahlung: Bei Abholung');
    expect(mail!.raw).not.toContain(TEST_BROWSER_ID);
    expect(mail!.raw).not.toContain('+4915112345678');
    const [row] = await outboxOf(order.uniqueOrderId);
    expect(row).toMatchObject({ kind: 'confirmation', status: 'sent', attempts: 1 });
    // The Message-ID is the outbox row's: a repeat after a crash is recognisable as the same mail.
    expect(mail!.messageId).toMatch(new RegExp(`^<${row!.id}@`));
    expect(row!.messageId).toBe(mail!.messageId);
  });

  it('an online order is confirmed once it is paid, not while it waits for the payment', async () => {
    const { draft } = checkoutDraft(menu, config, 'takeawayWithPay', clock);
    const saved = await t.call('SaveNewOrder', { order: draft });
    const order = saved.body.order as SavedOrder;
    await t.api.mail.flush();
    expect(await outboxOf(order.uniqueOrderId)).toEqual([]);
    await t.call('StripeCreatePaymentIntent', { amount: order.total, paymentMethodId: 'pm_card_visa', order: { uniqueOrderId: order.uniqueOrderId } });
    const marked = await t.call('DocUpserter', {
      collectionName: 'orders',
      updates: { authCompleted: true, psp: 'credit' },
      subjectKey: { key: 'uniqueOrderId', value: order.uniqueOrderId },
    });
    expect(marked.status).toBe(200);
    await t.api.mail.flush();
    expect(received(order)).toHaveLength(1);
    expect(received(order)[0]!.text).toContain('der Betrag ist reserviert und wird abgebucht, sobald das Restaurant deine Bestellung annimmt');
  });

  it('a ticket order is captured at once and needs no kitchen: confirmation and tickets by mail, not on the board as work', async () => {
    const { draft } = checkoutDraft(menu, config, 'digital', clock, { lines: [{ itemId: 'ticket-taco-workshop', count: 2 }] });
    const saved = await t.call('SaveNewOrder', { order: draft });
    expect(saved.status, JSON.stringify(saved.body.error)).toBe(200);
    const order = saved.body.order as SavedOrder;
    await t.call('StripeCreatePaymentIntent', { amount: order.total, paymentMethodId: 'pm_card_visa', order: { uniqueOrderId: order.uniqueOrderId } });
    const marked = await t.call('DocUpserter', {
      collectionName: 'orders',
      updates: { authCompleted: true, psp: 'credit' },
      subjectKey: { key: 'uniqueOrderId', value: order.uniqueOrderId },
    });
    expect(marked.status, JSON.stringify(marked.body.error)).toBe(200);
    expect(marked.body.doc).toMatchObject({ state: 'Collected', captured: true, paid: true });

    const board = await t.call('LoadStaffOrders', {}, { token: STAFF_TOKEN });
    const listed = (board.body.orders as SavedOrder[]).find((o) => o.uniqueOrderId === order.uniqueOrderId);
    expect(listed?.state ?? 'not listed').not.toMatch(/^(New|Confirmed|Ready)$/);

    await t.api.mail.flush();
    const mails = received(order);
    expect(mails.map((m) => m.subject).sort()).toEqual([`Deine Bestellung Nr. ${order.orderNumber}`, `Deine Tickets zur Bestellung Nr. ${order.orderNumber}`]);
    const tickets = mails.find((m) => m.subject.startsWith('Deine Tickets'))!;
    const codes = [...tickets.text.matchAll(new RegExp(`Ticketnummer: (${order.orderNumber}-\\d-[0-9A-F]{8})`, 'g'))].map((m) => m[1]);
    expect(new Set(codes)).toEqual(
      new Set([expect.stringMatching(new RegExp(`^${order.orderNumber}-1-`)), expect.stringMatching(new RegExp(`^${order.orderNumber}-2-`))]),
    );
    expect(new Set(codes).size).toBe(2);
    // The capture is not mailed twice when it is reported again (webhook, reconciliation).
    expect((await outboxOf(order.uniqueOrderId)).map((r) => r.kind).sort()).toEqual(['confirmation', 'tickets']);
  });

  it('a refused send (4xx, then 5xx) is retried after its backoff and then delivered once', async () => {
    for (const code of [451, 550] as const) {
      smtp.refuseNext(1, code);
      const order = await placeOnSite();
      await t.api.mail.flush();
      expect(received(order)).toEqual([]);
      const [pending] = await outboxOf(order.uniqueOrderId);
      expect(pending).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: clock + mailBackoffMs(1) });
      expect(pending!.lastError).toContain(String(code));
      // Not before its time.
      await t.api.mail.flush();
      expect(received(order)).toEqual([]);
      clock += mailBackoffMs(1);
      await t.api.mail.flush();
      expect(received(order)).toHaveLength(1);
      expect((await outboxOf(order.uniqueOrderId))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    }
  });

  it('a mail server that is down: the mail waits and goes out once it is back', async () => {
    await smtp.stop();
    const order = await placeOnSite();
    await t.api.mail.flush();
    clock += mailBackoffMs(1);
    await t.api.mail.flush();
    const [waiting] = await outboxOf(order.uniqueOrderId);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 2 });
    await smtp.start();
    clock += mailBackoffMs(2);
    await t.api.mail.flush();
    expect(received(order)).toHaveLength(1);
    expect((await outboxOf(order.uniqueOrderId))[0]).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('two workers sending at once never send a mail twice; a crashed worker’s mails go out after its lease', async () => {
    const now = clock;
    const rows = Array.from({ length: 24 }, (_, i) => ({
      id: `mail_race_${database.name}_${String(i).padStart(2, '0')}`,
      kind: 'confirmation' as const,
      uniqueOrderId: `race-order-${database.name}-${i}`,
      recipient: `gast${i}@example.org`,
      subject: `Deine Bestellung Nr. R${i}`,
      text: 'Hallo,\n',
      html: '<p>Hallo,</p>',
      nextAttemptAt: now,
      createdAt: now,
    }));
    // The API's own worker is stopped for this test: only the two below send.
    await t.api.mail.close();
    await db().insert(mailOutbox).values(rows);
    smtp.slowDown(20);
    const worker = (id: string) => ({
      db: db(),
      now: () => clock,
      transport: smtpTransport(smtp.url, 'bestellung@streetfood.test'),
      workerId: id,
      messageDomain: 'race.test',
    });
    const a = worker('worker-a');
    const b = worker('worker-b');
    const drain = async (deps: ReturnType<typeof worker>) => {
      let sent = 0;
      for (let round = 0; round < 10; round++) {
        const report = await sendDueMails(deps, 5);
        sent += report.sent;
        if (report.sent + report.retried + report.failed === 0) break;
      }
      return sent;
    };
    const [sentA, sentB] = await Promise.all([drain(a), drain(b)]);
    smtp.slowDown(0);
    const raced = smtp.received.filter((m) => m.subject.startsWith('Deine Bestellung Nr. R'));
    expect(raced).toHaveLength(24);
    expect(new Set(raced.map((m) => m.messageId)).size).toBe(24);
    expect(sentA + sentB).toBe(24);
    expect(sentA).toBeGreaterThan(0);
    expect(sentB).toBeGreaterThan(0);

    // A worker claims a mail and dies: nobody else sends it until its lease is over, then one does.
    await db()
      .insert(mailOutbox)
      .values({ ...rows[0]!, id: `mail_crash_${database.name}`, uniqueOrderId: `crash-order-${database.name}`, subject: 'Deine Bestellung Nr. C1' });
    expect(await claimDueMails({ db: db(), now: () => clock, workerId: 'worker-crashed' })).toHaveLength(1);
    expect((await sendDueMails(a)).sent).toBe(0);
    clock += CHECKOUT_CONSTANTS.mailLeaseMs + 1;
    expect((await sendDueMails(a)).sent).toBe(1);
    expect(smtp.received.filter((m) => m.subject === 'Deine Bestellung Nr. C1')).toHaveLength(1);
    a.transport.close();
    b.transport.close();
  });
});
