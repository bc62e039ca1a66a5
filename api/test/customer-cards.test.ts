import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig, CustomerCard, CustomerCardEntry, Menu, SavedOrder, StaffCustomerCard } from '@shop/shared/contract';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { isValidCardNumber } from '@shop/shared/domain/customer-cards';
import { de } from '@shop/shared/i18n';
import type { TokenVerifier } from '../src/auth/verify';
import { customerCardAccounts, customerCardClaimFailures, customerCardEntries, customerCards } from '../src/db/schema';
import { testDatabases } from './support/databases';
import { onlineTakeawayDraft } from './support/orders';
import { startTestApi, type TestApi } from './support/test-api';

const verifier: TokenVerifier = {
  async verify(token) {
    const [kind, uid] = token.split(':');
    if (kind === 'anon' && uid) return { uid, email: null, emailVerified: false, name: null, providerId: 'anonymous', isAnonymous: true };
    if (!uid || (kind !== 'user' && kind !== 'staff')) return null;
    return { uid, email: `${uid}@example.org`, emailVerified: true, name: uid, providerId: 'password', ...(kind === 'staff' ? { staff: true } : {}) };
  },
};
const STAFF = { token: 'staff:kueche' };
const LENA = { token: 'user:lena', browserId: 'lena-browser-0000-0000-0000-000000000001' };
const OTTO = { token: 'user:otto', browserId: 'otto-browser-0000-0000-0000-000000000002' };

let requestCounter = 0;
const requestId = () => `req-${Date.now().toString(36)}-${++requestCounter}`;

describe.each(testDatabases())('customer cards the staff issue and guests add on $name', (database) => {
  let t: TestApi;
  let menu: Menu;
  let config: AppConfig;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { verifier });
    menu = (await t.call('PullFoodMenu', {})).body.menu as Menu;
    config = (await t.call('GetAppconfig', {})).body.appconfig as AppConfig;
  });
  afterAll(async () => t?.close());

  const issue = async (initialAmount = 0, label = '') => {
    const res = await t.call('IssueCustomerCard', { label, initialAmount, requestId: requestId() }, STAFF);
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    return res.body as unknown as { card: StaffCustomerCard; checkCode: string };
  };
  const ledger = async (rfid: string) =>
    (await t.api.database.db.select().from(customerCardEntries).where(eq(customerCardEntries.rfid, rfid))).map((e) => e.amount);
  const balance = async (rfid: string) => (await t.api.database.db.select().from(customerCardAccounts).where(eq(customerCardAccounts.rfid, rfid)))[0]!.balance;

  it('staff only: guests and signed-out callers can neither issue, top up nor look up cards', async () => {
    for (const options of [{}, LENA]) {
      const status = options === LENA ? 403 : 401;
      expect((await t.call('IssueCustomerCard', { requestId: requestId() }, options)).status).toBe(status);
      expect((await t.call('TopUpCustomerCard', { rfid: '123456789015', amount: 1000, requestId: requestId() }, options)).status).toBe(status);
      expect((await t.call('FindCustomerCard', { rfid: '123456789015' }, options)).status).toBe(status);
      expect((await t.call('LoadStaffCustomerCards', {}, options)).status).toBe(status);
      expect((await t.call('ResetCustomerCardCode', { rfid: '123456789015' }, options)).status).toBe(status);
    }
    const refused = await t.call('IssueCustomerCard', { requestId: requestId() }, LENA);
    expect(refused.body.error).toMatchObject({ userMessage: expect.stringContaining('nur für Mitarbeiterinnen und Mitarbeiter') });
  });

  it('issues a card with a valid number, a 6-digit check code kept only as a hash, and the first balance as a ledger entry', async () => {
    const { card, checkCode } = await issue(2000);
    expect(isValidCardNumber(card.rfid)).toBe(true);
    expect(checkCode).toMatch(/^\d{6}$/);
    expect(card).toMatchObject({ balance: 2000, claimed: false, locked: false, label: `Kundenkarte ${card.rfid.slice(-4)}` });
    const [row] = await t.api.database.db.select().from(customerCards).where(eq(customerCards.rfid, card.rfid));
    expect(row!.fuid).toBeNull();
    expect(row!.checkCodeHash).toMatch(/^scrypt\$/);
    expect(row!.checkCodeHash).not.toContain(checkCode);
    expect(await ledger(card.rfid)).toEqual([2000]);
    const found = await t.call('FindCustomerCard', { rfid: card.rfid.replace(/(\d{4})(?=\d)/g, '$1 ') }, STAFF);
    expect(found.body).toMatchObject({ card: { rfid: card.rfid, balance: 2000 }, entries: [{ kind: 'issue', amount: 2000 }] });
    expect(((await t.call('LoadStaffCustomerCards', {}, STAFF)).body.cards as StaffCustomerCard[]).map((c) => c.rfid)).toContain(card.rfid);
  });

  it('a repeated issue request issues no second card (a new check code instead)', async () => {
    const id = requestId();
    const first = await t.call('IssueCustomerCard', { label: 'Stammgast Meyer', initialAmount: 500, requestId: id }, STAFF);
    const again = await t.call('IssueCustomerCard', { label: 'Stammgast Meyer', initialAmount: 500, requestId: id }, STAFF);
    const a = first.body as unknown as { card: StaffCustomerCard; checkCode: string };
    const b = again.body as unknown as { card: StaffCustomerCard; checkCode: string };
    expect(b.card.rfid).toBe(a.card.rfid);
    expect(b.card.balance).toBe(500);
    expect(await ledger(a.card.rfid)).toEqual([500]);
    // Only the newest code works.
    if (a.checkCode !== b.checkCode) expect((await t.call('AddCustomerCard', { rfid: a.card.rfid, checkCode: a.checkCode }, OTTO)).status).toBe(400);
    expect((await t.call('AddCustomerCard', { rfid: a.card.rfid, checkCode: b.checkCode }, OTTO)).status).toBe(200);
  });

  it('tops up by ledger entries, bounded, idempotent by request id (even when sent twice at once)', async () => {
    const { card } = await issue(1000);
    const id = requestId();
    const [one, two] = await Promise.all([
      t.call('TopUpCustomerCard', { rfid: card.rfid, amount: 2500, requestId: id }, STAFF),
      t.call('TopUpCustomerCard', { rfid: card.rfid, amount: 2500, requestId: id }, STAFF),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect([one.body.repeated, two.body.repeated].sort()).toEqual([false, true]);
    expect(await balance(card.rfid)).toBe(3500);
    expect(await ledger(card.rfid)).toEqual([1000, 2500]);
    // The same request id for another amount is refused, not booked.
    const reused = await t.call('TopUpCustomerCard', { rfid: card.rfid, amount: 100, requestId: id }, STAFF);
    expect(reused.status).toBe(409);

    const cases: [number, string][] = [
      [50, 'mindestens 1,00 €'],
      [0, 'mindestens 1,00 €'],
      [-5000, 'mindestens 1,00 €'],
      [50_001, 'höchstens 500,00 €'],
    ];
    for (const [amount, text] of cases) {
      const res = await t.call('TopUpCustomerCard', { rfid: card.rfid, amount, requestId: requestId() }, STAFF);
      expect(res.status, String(amount)).toBe(400);
      expect((res.body.error as { userMessage: string }).userMessage).toContain(text);
    }
    await t.call('TopUpCustomerCard', { rfid: card.rfid, amount: 50_000, requestId: requestId() }, STAFF);
    const over = await t.call('TopUpCustomerCard', { rfid: card.rfid, amount: 50_000, requestId: requestId() }, STAFF);
    expect(over.status).toBe(400);
    expect((over.body.error as { userMessage: string }).userMessage).toContain('1.000,00 €');
    expect(await balance(card.rfid)).toBe(53_500);
    expect((await t.call('TopUpCustomerCard', { rfid: '999999999999', amount: 1000, requestId: requestId() }, STAFF)).status).toBe(404);
  });

  it('the guest adds the card with number and check code; it is theirs, the first card primary', async () => {
    const { card, checkCode } = await issue(3000);
    const spaced = `${card.rfid.slice(0, 4)} ${card.rfid.slice(4, 8)} ${card.rfid.slice(8)}`;
    const added = await t.call('AddCustomerCard', { rfid: spaced, checkCode }, LENA);
    expect(added.status, JSON.stringify(added.body.error)).toBe(200);
    expect(added.body.added).toBe(`${card.label} ist jetzt mit deinem Konto verbunden.`);
    expect(added.body.primaryCardId).toBe(card.rfid);
    expect(added.body.cards as CustomerCard[]).toEqual([
      { rfid: card.rfid, label: card.label, accounts: [{ accountType: 'CRED', balance: 3000, symbol: '€' }] },
    ]);
    // Again: nothing changes. Another account with the right code: refused.
    expect((await t.call('AddCustomerCard', { rfid: card.rfid, checkCode }, LENA)).status).toBe(200);
    const taken = await t.call('AddCustomerCard', { rfid: card.rfid, checkCode }, OTTO);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ userMessage: 'Diese Kundenkarte ist bereits mit einem anderen Konto verbunden.' });
    expect(((await t.call('GetCustomerCards', {}, OTTO)).body.cards as CustomerCard[]).map((c) => c.rfid)).not.toContain(card.rfid);
    // The staff see it as claimed; its code cannot be reset any more.
    expect((await t.call('FindCustomerCard', { rfid: card.rfid }, STAFF)).body.card).toMatchObject({ claimed: true });
    expect((await t.call('ResetCustomerCardCode', { rfid: card.rfid }, STAFF)).status).toBe(409);
    // A second card does not take the primary role away.
    const second = await issue(100);
    const more = await t.call('AddCustomerCard', { rfid: second.card.rfid, checkCode: second.checkCode }, LENA);
    expect(more.body.primaryCardId).toBe(card.rfid);
  });

  it('refuses wrong input with German messages and needs a signed-in guest', async () => {
    const { card, checkCode } = await issue();
    expect((await t.call('AddCustomerCard', { rfid: card.rfid, checkCode })).status).toBe(401);
    const badNumber = await t.call('AddCustomerCard', { rfid: '123456789016', checkCode: '123456' }, OTTO);
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.error).toMatchObject({ code: 'validation' });
    expect((await t.call('AddCustomerCard', { rfid: card.rfid, checkCode: '12a' }, OTTO)).status).toBe(400);
    // Unknown number and wrong code answer alike.
    const unknown = await t.call('AddCustomerCard', { rfid: '123456789015', checkCode: '000000' }, OTTO);
    const wrong = await t.call('AddCustomerCard', { rfid: card.rfid, checkCode: checkCode === '000000' ? '000001' : '000000' }, OTTO);
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ userMessage: 'Kartennummer oder Prüfcode stimmen nicht. Bitte prüfe deine Eingabe.' });
    expect((wrong.body.error as { userMessage: string }).userMessage).toBe((unknown.body.error as { userMessage: string }).userMessage);
  });

  it('a stranger’s five wrong codes do not lock the card for its owner: the stranger’s account must wait (requirements#security)', async () => {
    const { card, checkCode } = await issue(1000);
    const wrongCode = checkCode === '111111' ? '222222' : '111111';
    const mallory = { token: 'user:mallory-cards', browserId: 'mallory-browser-0000-0000-000000000001' };
    for (let i = 0; i < CHECKOUT_CONSTANTS.customerCardClaimFailuresPerAccount; i++) {
      expect((await t.call('AddCustomerCard', { rfid: card.rfid, checkCode: wrongCode }, mallory)).status).toBe(400);
    }
    // The stranger's account is out of tries, even with another card or the right code.
    const blocked = await t.call('AddCustomerCard', { rfid: card.rfid, checkCode }, mallory);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatchObject({ code: 'rate_limited', userMessage: de.cards.tooManyAttempts });
    expect((await t.call('FindCustomerCard', { rfid: card.rfid }, STAFF)).body.card).toMatchObject({ locked: false, claimed: false });
    // The owner adds the card at once.
    expect((await t.call('AddCustomerCard', { rfid: card.rfid, checkCode }, OTTO)).status).toBe(200);
    // Once the window has passed, the stranger's account may try again.
    await t.api.database.db
      .update(customerCardClaimFailures)
      .set({ failedAt: sql`${customerCardClaimFailures.failedAt} - ${CHECKOUT_CONSTANTS.customerCardClaimWindowMs + 60_000}` })
      .where(eq(customerCardClaimFailures.fuid, 'mallory-cards'));
    expect((await t.call('AddCustomerCard', { rfid: card.rfid, checkCode: wrongCode }, mallory)).status).toBe(400);
  });

  it('an anonymous session cannot add a card (nor multiply the per-account tries)', async () => {
    const { card, checkCode } = await issue(500);
    expect((await t.call('AddCustomerCard', { rfid: card.rfid, checkCode }, { token: 'anon:a-cards' })).status).toBe(403);
  });

  it(`locks a card only after ${CHECKOUT_CONSTANTS.customerCardLockFailures} wrong codes from all accounts together, until the staff give it a new code`, async () => {
    const { card, checkCode } = await issue(1000);
    const wrongCode = checkCode === '111111' ? '222222' : '111111';
    const perAccount = CHECKOUT_CONSTANTS.customerCardClaimFailuresPerAccount;
    for (let i = 0; i < CHECKOUT_CONSTANTS.customerCardLockFailures; i++) {
      const guesser = { token: `user:guesser-${Math.floor(i / perAccount)}`, browserId: `guesser-browser-0000-0000-${String(i).padStart(12, '0')}` };
      expect((await t.call('AddCustomerCard', { rfid: card.rfid, checkCode: wrongCode }, guesser)).status).toBe(400);
    }
    const locked = await t.call('AddCustomerCard', { rfid: card.rfid, checkCode }, OTTO);
    expect(locked.status).toBe(403);
    expect((locked.body.error as { userMessage: string }).userMessage).toContain('zu oft ein falscher Prüfcode');
    expect((await t.call('FindCustomerCard', { rfid: card.rfid }, STAFF)).body.card).toMatchObject({ locked: true, claimed: false });
    const reset = await t.call('ResetCustomerCardCode', { rfid: card.rfid }, STAFF);
    expect(reset.body.card).toMatchObject({ locked: false });
    expect((await t.call('AddCustomerCard', { rfid: card.rfid, checkCode: reset.body.checkCode as string }, OTTO)).status).toBe(200);
  });

  it('checkout with the added card: sufficient pays (a payment entry when captured), insufficient is declined', async () => {
    const kim = { token: 'user:kim', browserId: 'kim-browser-0000-0000-0000-0000000000003' };
    const { card, checkCode } = await issue(1500);
    expect((await t.call('AddCustomerCard', { rfid: card.rfid, checkCode }, kim)).status).toBe(200);
    const order = async (count: number) => {
      const res = await t.call(
        'SaveNewOrder',
        {
          order: onlineTakeawayDraft(menu, config, [{ itemId: 'tacos-al-pastor', count }], {
            asGuest: false,
            userInfo: { fuid: 'kim', name: 'Kim Lorenz', email: 'kim@example.org', phone: '+4915112345678' },
          }),
        },
        kim,
      );
      expect(res.status, JSON.stringify(res.body.error)).toBe(200);
      return res.body.order as SavedOrder;
    };
    const small = await order(1);
    const held = await t.call('CustomerCardAuthorize', { order: { uniqueOrderId: small.uniqueOrderId }, rfid: card.rfid }, kim);
    expect(held.status, JSON.stringify(held.body.error)).toBe(200);
    expect(held.body.balance).toBe(1500 - small.total);
    const marked = await t.call(
      'DocUpserter',
      { collectionName: 'orders', updates: { authCompleted: true, psp: 'customerCard' }, subjectKey: { key: 'uniqueOrderId', value: small.uniqueOrderId } },
      kim,
    );
    expect(marked.status).toBe(200);
    expect((await t.call('UpdateOrderStatus', { uniqueOrderId: small.uniqueOrderId, change: 'confirm' }, STAFF)).status).toBe(200);
    const after = (await t.call('FindCustomerCard', { rfid: card.rfid }, STAFF)).body as unknown as { card: StaffCustomerCard; entries: CustomerCardEntry[] };
    expect(after.card.balance).toBe(1500 - small.total);
    expect(after.entries[0]).toMatchObject({ kind: 'payment', amount: -small.total, uniqueOrderId: small.uniqueOrderId });

    const big = await order(3);
    expect(big.total).toBeGreaterThan(1500 - small.total);
    const declined = await t.call('CustomerCardAuthorize', { order: { uniqueOrderId: big.uniqueOrderId }, rfid: card.rfid }, kim);
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ userMessage: 'Dein Guthaben ist nicht ausreichend.' });
  });
});
