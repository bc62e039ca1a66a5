import type { CartLine, OrderDraft, SavedOrder } from '@shop/shared/contract';

type Orderish = Pick<
  OrderDraft | SavedOrder,
  | 'usecase'
  | 'onlinePay'
  | 'psp'
  | 'paymentInfo'
  | 'note'
  | 'userInfo'
  | 'orderData'
  | 'targetTime'
  | 'invoiceAddress'
  | 'deliveryAddress'
  | 'table'
  | 'orderArea'
  | 'mehrwegOption'
  | 'mehrwegOptionCompanyName'
  | 'pickupDate'
  | 'deliveryDate'
  | 'collectStempel'
>;

function lineKey(line: CartLine): unknown {
  if (line.kind === 'product') return ['p', line.id, line.vol, line.count, line.variantsSelected, line.stylesSelected, line.notes.trim(), line.gang ?? null];
  if (line.kind === 'coupon') return ['c', line.couponCode.trim().toUpperCase()];
  return ['f', line.id];
}

/**
 * What a guest ordered, independent of when the order was built and of the fields the server fills
 * in: the same key means a retry of the same order (SaveNewOrder answers with the stored one), a
 * different key on an unpaid order means the guest changed it (back-and-edit). In-house and digital
 * target times ("now plus n minutes") are not part of it.
 */
export function orderContentKey(order: Orderish): string {
  const timed = order.usecase === 'takeaway' || order.usecase === 'delivery';
  return JSON.stringify([
    order.usecase,
    order.onlinePay,
    order.psp ?? null,
    order.paymentInfo.amount,
    order.paymentInfo.tip,
    order.note.trim(),
    [order.userInfo.name.trim(), order.userInfo.email.trim().toLowerCase(), order.userInfo.phone.trim()],
    order.orderData.map(lineKey),
    timed ? (order.targetTime ?? null) : null,
    order.invoiceAddress ?? null,
    order.deliveryAddress ?? null,
    order.table ?? null,
    order.orderArea ?? null,
    order.mehrwegOption ?? null,
    order.mehrwegOptionCompanyName ?? null,
    order.pickupDate ?? null,
    order.deliveryDate?.value ?? null,
    order.collectStempel ?? null,
  ]);
}
