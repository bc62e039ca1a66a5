import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  appUsers,
  couponRedemptions,
  coupons,
  customerCardClaimFailures,
  customerCards,
  mailOutbox,
  orders,
  paymentCustomers,
  pushTokens,
  stampRedemptions,
  userPreferences,
  userSettings,
} from '../db/schema';
import type { CardVault, PaymentProvider } from '../payments/provider';
import { anonymiseOrdersOf } from './anonymise-orders';
import { rememberErasure } from './erasure-memory';

export interface ErasureInput {
  readonly fuid: string;
  /** The account's e-mail (normalised), from the verified token; null for an anonymous session. */
  readonly email: string | null;
  /** The device asking (its preferences are the person's). */
  readonly deviceId: string;
  /** The card provider whose saved cards and customer are removed; undefined when no card provider runs. */
  readonly card: (PaymentProvider & CardVault) | undefined;
  readonly now: number;
}

/**
 * Erases what the shop keeps about an account (GDPR, requirements#security; docs/security.md "Erasure"),
 * table by table (api/test/erasure.test.ts walks every table of the schema):
 * - app_users: the record (name, e-mail, phone, addresses) is deleted;
 * - user_settings (allergens: health data), user_preferences of the account's devices (by its
 *   e-mail) and of the asking device, push_tokens of the account's devices: deleted;
 * - payment_customers: the customer and its saved cards are deleted at the provider, then here;
 * - stamp_redemptions: deleted (the stamps themselves are the orders');
 * - orders: kept for the books, anonymised (no person, no free text: anonymisedOrder);
 * - customer_cards: unlinked (a prepaid balance belongs to the physical card, not the account);
 *   customer_card_claim_failures (the account's wrong check codes): deleted;
 * - coupons owned by the account: their owner removed (nobody can redeem them any more);
 *   coupon_redemptions: the user id removed;
 * - mail_outbox: the mails of the account's orders and to its address keep only their kind and
 *   order (so none is ever sent twice); recipient, subject and body are emptied, a pending one is
 *   given up;
 * - erased_accounts: a hash of the uid, so tokens issued before now are refused (erasure-memory.ts).
 * Returns how many orders were anonymised.
 */
export async function deleteAccountData(db: Db, input: ErasureInput): Promise<number> {
  // Without a card provider on this server (PayPal only) no saved card can be removed there.
  const vault = input.card;
  const customers = vault
    ? await db
        .select()
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.provider, vault.id), eq(paymentCustomers.ownerKey, input.fuid)))
    : [];
  for (const customer of customers) {
    // A provider failure leaves that customer at the provider (logged) but never keeps the
    // account from being deleted here.
    try {
      for (const saved of await vault!.listCards(customer.customerId)) await vault!.detachCard(customer.customerId, saved.paymentMethodId);
      await vault!.deleteCustomer(customer.customerId);
    } catch (error) {
      console.warn(`[account] customer ${customer.customerId} could not be deleted at ${vault!.id}: ${String(error)}`);
    }
  }
  await eraseMailsOf(db, input);
  const anonymised = await anonymiseOrdersOf(db, input.fuid, input.now);
  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    await tx.delete(paymentCustomers).where(eq(paymentCustomers.ownerKey, input.fuid));
    await tx.delete(stampRedemptions).where(eq(stampRedemptions.fuid, input.fuid));
    await tx.delete(userSettings).where(eq(userSettings.fuid, input.fuid));
    await tx
      .delete(userPreferences)
      .where(
        input.email ? or(eq(userPreferences.email, input.email), eq(userPreferences.deviceId, input.deviceId)) : eq(userPreferences.deviceId, input.deviceId),
      );
    await tx.delete(pushTokens).where(eq(pushTokens.fuid, input.fuid));
    await tx.update(customerCards).set({ fuid: null, isPrimary: false, claimedAt: null }).where(eq(customerCards.fuid, input.fuid));
    await tx.delete(customerCardClaimFailures).where(eq(customerCardClaimFailures.fuid, input.fuid));
    await tx.update(coupons).set({ ownerFuid: null, updatedAt: input.now }).where(eq(coupons.ownerFuid, input.fuid));
    await tx.update(couponRedemptions).set({ fuid: null }).where(eq(couponRedemptions.fuid, input.fuid));
    await tx.delete(appUsers).where(eq(appUsers.fuid, input.fuid));
    await rememberErasure(tx, input.fuid);
  });
  return anonymised;
}

/** Empties the mails of the account's orders and to its address (before its orders lose the uid). */
async function eraseMailsOf(db: Db, input: ErasureInput): Promise<void> {
  const ownOrders = db.select({ id: orders.uniqueOrderId }).from(orders).where(eq(orders.fuid, input.fuid));
  const ofPerson = input.email
    ? or(inArray(mailOutbox.uniqueOrderId, ownOrders), eq(mailOutbox.recipient, input.email))
    : inArray(mailOutbox.uniqueOrderId, ownOrders);
  await db
    .update(mailOutbox)
    .set({
      recipient: '',
      subject: '',
      text: '',
      html: '',
      lastError: null,
      status: sql`case when ${mailOutbox.status} = 'pending' then 'failed' else ${mailOutbox.status} end`,
    })
    .where(ofPerson);
}
