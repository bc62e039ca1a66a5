import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appUsers, paymentCustomers, stampRedemptions, userPreferences } from '../db/schema';
import type { CardVault, PaymentProvider } from '../payments/provider';
import { anonymiseOrdersOf } from './anonymise-orders';

/**
 * Deletes what the shop keeps about an account (GDPR erasure, issue 14): the account record, the
 * stamps, the link of devices' favourites to its e-mail, the saved payment cards (removed at the
 * provider) and its customer there; its orders stay, anonymised. Customer cards (prepaid balances
 * on a physical card) are not deleted here. Returns how many orders were anonymised.
 */
export async function deleteAccountData(
  db: Db,
  input: { fuid: string; email: string | null; card: PaymentProvider & CardVault; now: number },
): Promise<number> {
  const customers = await db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.provider, input.card.id), eq(paymentCustomers.ownerKey, input.fuid)));
  for (const customer of customers) {
    // The provider keeps the cards of a customer: remove them there first. A provider failure
    // leaves that card at the provider (logged) but never keeps the account from being deleted.
    try {
      for (const card of await input.card.listCards(customer.customerId)) await input.card.detachCard(customer.customerId, card.paymentMethodId);
    } catch (error) {
      console.warn(`[account] saved cards of ${customer.customerId} could not be removed at ${input.card.id}: ${String(error)}`);
    }
  }
  const anonymised = await anonymiseOrdersOf(db, input.fuid, input.now);
  await db.transaction(async (tx) => {
    await tx.delete(paymentCustomers).where(eq(paymentCustomers.ownerKey, input.fuid));
    await tx.delete(stampRedemptions).where(eq(stampRedemptions.fuid, input.fuid));
    if (input.email) {
      await tx
        .update(userPreferences)
        .set({ email: null, data: sql`${userPreferences.data} - 'email'`, updatedAt: input.now })
        .where(eq(userPreferences.email, input.email));
    }
    await tx.delete(appUsers).where(eq(appUsers.fuid, input.fuid));
  });
  return anonymised;
}
