import type { FlowDef, StepKind } from '@shop/shared/domain/checkout-flow';
import { formatEuro, type Cents } from '@shop/shared/domain/money';
import { de, fill } from '@shop/shared/i18n';
import type { TableContext } from '@shop/shared/stores';

const t = de.checkout;

/** The table or order area an in-house headline names: the area, or 'Tisch {table}'. */
export function tableTarget(table: TableContext): string {
  if (table.area) return table.area;
  return table.table ? fill(t.tableTarget, { table: table.table }) : '';
}

/** Headline of each flow (requirements#checkout-screens). */
export function headline(flow: FlowDef, table: TableContext, total: Cents): string {
  switch (flow.id) {
    case 'takeawayWithPay':
      return fill(t.takeawayWithPayHeadline, { total: formatEuro(total) });
    case 'takeaway':
      return t.pickupHeadline;
    case 'delivery':
    case 'deliveryWithPay':
      return t.deliveryHeadline;
    case 'inhouse':
      return fill(t.inhouseWaiterHeadline, { target: tableTarget(table) });
    case 'inhouseWithPay':
      return fill(t.inhouseOnlineHeadline, { target: tableTarget(table) });
    case 'inhouseWithPayTip':
      return tableTarget(table);
    case 'mobilePayment':
      return t.mobilePaymentHeadline;
    case 'digital':
      return t.digitalHeadline;
  }
}

/** Step labels of a flow. */
export function stepLabel(flow: FlowDef, step: StepKind, methodLabel?: string): string {
  switch (step) {
    case 'data':
      if (flow.id === 'takeaway') return t.stepPersonalData;
      if (flow.id === 'delivery' || flow.id === 'deliveryWithPay' || flow.id === 'inhouse') return t.stepOrderData;
      if (flow.id === 'inhouseWithPayTip') return t.stepYourOrderData;
      return t.stepYourData;
    case 'time':
      return flow.mode === 'delivery' ? t.stepDeliveryTime : t.stepPickupTime;
    case 'tip':
      return t.stepTip;
    case 'payment':
      return methodLabel ? fill(t.stepPaymentWithMethod, { method: methodLabel }) : t.stepPayment;
    case 'confirm':
      return t.stepPlaceOrder;
  }
}
