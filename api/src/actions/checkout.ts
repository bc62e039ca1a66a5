import { eq, sql } from 'drizzle-orm';
import type { ActionResult, OrderDraft, SavedOrder } from '@shop/shared/contract';
import { SHOP_CHANNEL, STAFF_CHANNEL, userChannel } from '@shop/shared/contract';
import { orders } from '../db/schema';
import { createCouponRepository } from '../orders/coupon-repository';
import { newUniqueOrderId } from '../orders/order-ids';
import { persistOrder } from '../orders/persist-order';
import { verifyCashCaptcha } from '../payments/cash-captcha';
import { ApiError } from '../http/api-error';
import { recomputeOrder } from '../orders/recompute-order';
import type { ActionContext, ActionHandler } from './context';

/**
 * SaveNewOrder (checkout-spec §4, §7): priced by the server with the shared pricing engine
 * (lines, extras, offers, coupons, fees, tip, minimum order), saved in one transaction with the
 * stock it takes and the coupons it redeems, idempotent on the client order id: the same
 * clientId sent again (retry, double click, a second tab) returns the stored order.
 */
const SaveNewOrder: ActionHandler<'SaveNewOrder'> = async ({ order: draft }, ctx) => {
  const existing = await savedWithClientId(ctx, draft.clientId);
  if (existing) return existing;
  try {
    return await saveNew(draft, ctx);
  } catch (error) {
    // A retry racing its own first attempt: that attempt took the coupon or the last item and
    // this one was refused for it. The retry gets the saved order, not the refusal.
    const saved = await savedWithClientId(ctx, draft.clientId);
    if (saved) return saved;
    throw error;
  }
};

async function savedWithClientId(ctx: ActionContext, clientId: string) {
  const row = (await ctx.db.select().from(orders).where(eq(orders.clientId, clientId)))[0];
  return row ? { order: row.data, uniqueOrderId: row.uniqueOrderId, duplicate: true } : null;
}

/** Takeaway orders paid in cash at pickup carry the 4-character cash captcha (checkout-spec §2). */
export function needsCashCaptcha(draft: Pick<OrderDraft, 'usecase' | 'psp'>): boolean {
  return draft.usecase === 'takeaway' && (draft.psp === 'bar' || draft.psp === 'beiAbholung');
}

async function saveNew(input: OrderDraft, ctx: ActionContext): Promise<ActionResult<'SaveNewOrder'>> {
  const now = ctx.now();
  const { captcha, ...draft } = input;
  if (needsCashCaptcha(draft) && !(await verifyCashCaptcha(ctx.db, captcha, now))) {
    // The client reloads silently and asks for a new captcha; cart and form stay in local storage.
    throw new ApiError(409, 'validation', 'Cash captcha missing, wrong or expired', undefined, { captchaError: true });
  }
  const fuid = ctx.user?.uid ?? null;
  const filialnummer = ctx.descriptor.branch.filialnummer;
  const priced = await recomputeOrder(draft, { db: ctx.db, menus: ctx.menus, coupons: createCouponRepository(ctx.db), fuid, filialnummer, now });
  const uniqueOrderId = newUniqueOrderId(now);
  const seq = await ctx.db.execute<{ n: string | number }>(sql`select nextval('order_number_seq') as n`);
  const orderNumber = Number((seq as unknown as { rows: { n: string | number }[] }).rows[0]!.n);

  const saved: SavedOrder = {
    ...draft,
    fuid,
    asGuest: fuid === null,
    userInfo: { ...draft.userInfo, fuid, btaste: ctx.browserId },
    btaste: ctx.browserId,
    domain: ctx.hostname,
    filialnummer,
    orderData: priced.lines,
    paymentInfo: { amount: priced.total, itemsTotal: priced.itemsTotal, tip: priced.tip },
    uniqueOrderId,
    orderNumber,
    state: 'New',
    history: [{ state: 'New', at: now }],
    kommissioniert: false,
    abholbereit: false,
    getraenkeAbholbereit: false,
    allReady: false,
    kasseFertig: false,
    paid: false,
    captured: false,
    charged: false,
    authCompleted: false,
    stornoAmounts: [],
    total: priced.total,
    createdAt: now,
  };

  const result = await persistOrder(ctx.db, { order: saved, priced, browserId: ctx.browserId, now });
  if (!result.saved) return { order: result.existing.order, uniqueOrderId: result.existing.uniqueOrderId, duplicate: true };

  // Limited stock changed: the next menu pull carries the new bestand.
  for (const kind of new Set(priced.stock.map((s) => s.kind))) {
    await ctx.menus.markStockChanged(kind, now);
    await ctx.events.publish(SHOP_CHANNEL, { type: 'menuUpdated', kind });
  }
  await ctx.events.publish(STAFF_CHANNEL, { type: 'orderUpdated', uniqueOrderId, state: saved.state });
  if (fuid) await ctx.events.publish(userChannel(fuid), { type: 'orderUpdated', uniqueOrderId, state: saved.state });
  return { order: saved, uniqueOrderId, duplicate: false };
}

export const checkoutHandlers = { SaveNewOrder };
