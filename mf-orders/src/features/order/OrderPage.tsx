import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { SavedOrder } from '@shop/shared/contract';
import { resolveFeatures } from '@shop/shared/domain/features';
import { formatEuro } from '@shop/shared/domain/money';
import {
  addressLine,
  cancellationReason,
  collectedAt,
  dateTime,
  expectedReadiness,
  isTicketOrder,
  moneyOutcome,
  orderPaymentMethod,
  orderSituation,
  preorderTime,
  rejectionReason,
  shopClockTime,
  telHref,
  weekdayDate,
} from '@shop/shared/domain/orders';
import { orders as texts } from '@shop/shared/i18n/orders';
import { fill } from '@shop/shared/i18n/fill';
import { Link, useStore } from '@shop/shared/react';
import { navigateTo } from '@shop/shared/routes';
import { appDataStore, descriptorStore } from '@shop/shared/stores';
import { Button, Icon, Notice, Page, backInShopOr, buttonClass } from '@shop/shared/ui';
import { AllReady } from './AllReady';
import { OrderLines } from './OrderLines';
import { OrderProgress, ReadyBanner } from './OrderProgress';
import { PushQuestion } from './PushQuestion';
import { ReadyOverlay } from './ReadyOverlay';
import { SharePrompt } from './SharePrompt';
import { useOrderStatus } from './use-order-status';
import css from './order.module.css';

function goBack(): void {
  backInShopOr(() => navigateTo('Home'));
}

function paymentLabel(order: SavedOrder): string {
  const method = orderPaymentMethod(order);
  if (!method) return '–';
  // Paid online but not captured yet: the money is only reserved (docs/requirements.md#honest-words).
  if (order.onlinePay && order.authCompleted && !order.captured) return fill(texts.paymentAuthorized, { method: texts.paymentLabels[method] });
  return texts.paymentLabels[method];
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={css.row} data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Actions() {
  return (
    <div className={css.actions}>
      <Link to="Bestellungen" className={buttonClass('secondary')} data-testid="order-all-orders">
        {texts.allOrders}
      </Link>
      <Button variant="ghost" onClick={goBack}>
        {texts.back}
      </Button>
    </div>
  );
}

/** What the page says about the order, by situation (requirements#checkout-screens "Content by situation"). */
function StatusHeader({ order, pickupPlace, confirmed }: { order: SavedOrder; pickupPlace: string | undefined; confirmed: boolean }) {
  const situation = orderSituation(order);
  const number = (
    <p className={css.number} data-testid="order-number">
      {texts.orderNumber} <strong>{order.orderNumber}</strong>
    </p>
  );
  const name = order.userInfo.name ? <p className={css.name}>{order.userInfo.name}</p> : null;

  if (situation === 'cancelled' || situation === 'rejected' || situation === 'expired') {
    // No success tick: the page says plainly that the order ended, why, and what happens to the money.
    const title = situation === 'rejected' ? texts.rejectedTitle : situation === 'expired' ? texts.expiredTitle : texts.cancelledTitle;
    const reason = situation === 'rejected' ? rejectionReason(order) : situation === 'cancelled' ? cancellationReason(order) : undefined;
    const money = moneyOutcome(order);
    return (
      <div className={css.header} data-testid="order-status" data-situation={situation} data-confirmed={confirmed}>
        <h1 className={css.cancelled} data-testid="order-status-message">
          {title}
        </h1>
        {number}
        {name}
        {reason ? (
          <p className={css.reason} data-testid="order-ended-reason">
            {situation === 'rejected' ? texts.rejectReason : texts.cancelReason}: {reason}
          </p>
        ) : null}
        {situation === 'expired' ? <p>{texts.expiredText}</p> : null}
        {situation === 'cancelled' ? <p>{texts.paymentCancelled}</p> : null}
        <p className={css.money} data-testid="order-money">
          {money === 'voided'
            ? texts.moneyVoided
            : money === 'refunded'
              ? texts.moneyRefunded
              : money === 'releasing'
                ? texts.moneyReleasing
                : texts.moneyNotCharged}
        </p>
      </div>
    );
  }

  if (situation === 'table') {
    return (
      <div className={css.header} data-testid="order-status" data-confirmed={confirmed}>
        <div className={css.tick} aria-hidden="true">
          <Icon name="check" size={40} />
        </div>
        {order.table ? <h1>{fill(texts.table, { table: order.table })}</h1> : null}
        {order.orderArea ? <p>{fill(texts.orderFor, { area: order.orderArea })}</p> : null}
        {/* Without a table the message is the page's heading. */}
        {order.table ? (
          <p className={css.message} data-testid="order-status-message">
            {texts.servedAtTable}
          </p>
        ) : (
          <h1 className={css.message} data-testid="order-status-message">
            {texts.beingPrepared}
          </h1>
        )}
        {number}
        <p>
          {texts.total}: <strong>{formatEuro(order.total)}</strong>
        </p>
      </div>
    );
  }

  if (situation === 'selfservice') {
    const expected = expectedReadiness(order);
    return (
      <div className={css.header} data-testid="order-status" data-confirmed={confirmed}>
        <h1 data-testid="order-status-message">{texts.selfServiceSent}</h1>
        {number}
        <ul className={css.readyFlags}>
          {expected.food ? (
            <li data-ready={order.abholbereit} data-testid="order-food-ready">
              {texts.foodStatus}: <strong>{order.abholbereit ? texts.statusReady : texts.statusPreparing}</strong>
            </li>
          ) : null}
          {expected.drinks ? (
            <li data-ready={order.getraenkeAbholbereit} data-testid="order-drinks-ready">
              {texts.drinksStatus}: <strong>{order.getraenkeAbholbereit ? texts.statusReady : texts.statusPreparing}</strong>
            </li>
          ) : null}
        </ul>
        <p className={css.muted}>{texts.statusUpdatesAutomatically}</p>
      </div>
    );
  }

  const target = order.targetTime ?? order.deliveryDate?.utc;
  // A ticket order ends in Collected right after capture: its tickets went out by e-mail, nobody picked anything up.
  const collected = isTicketOrder(order) ? undefined : collectedAt(order);
  return (
    <div className={css.header} data-testid="order-status" data-confirmed={confirmed}>
      <div className={css.tick} aria-hidden="true">
        <Icon name="check" size={40} />
      </div>
      <h1 data-testid="order-status-message">{texts.thanks}</h1>
      {number}
      {name}
      {situation === 'delivery' && target !== undefined ? (
        <p className={css.time} data-testid="order-delivery-time">
          {fill(texts.deliveryFor, { date: weekdayDate(target), time: shopClockTime(target) })}
        </p>
      ) : null}
      {situation === 'takeaway' && target !== undefined && collected === undefined ? (
        <p className={css.time} data-testid="order-preorder">
          {fill(texts.preorderFor, { time: preorderTime(target, Date.now()) })}
        </p>
      ) : null}
      {collected !== undefined ? (
        <p className={css.time} data-testid="order-collected">
          {fill(texts.collectedAt, { time: shopClockTime(collected) })}
        </p>
      ) : null}
      {situation === 'takeaway' && pickupPlace ? (
        <p data-testid="order-pickup-place">
          {texts.pickupPlace}: <strong>{pickupPlace}</strong>
        </p>
      ) : null}
      {isTicketOrder(order) && order.userInfo.email ? <p>{fill(texts.ticketsByEmail, { email: order.userInfo.email })}</p> : null}
    </div>
  );
}

/** Bestellung (requirements#order-page). */
export function OrderPage() {
  const { uniqueOrderId = '' } = useParams();
  const { order, confirmed, notFound, overlays, dismissOverlay } = useOrderStatus(uniqueOrderId);
  const descriptor = useStore(descriptorStore);
  const appData = useStore(appDataStore);

  if (!order) {
    return (
      <Page title={texts.orderNumber} testId="order-page">
        {notFound ? (
          <Notice error testId="order-not-found">
            {texts.orderNotFound}
          </Notice>
        ) : (
          <Notice testId="order-waiting">{texts.transmitting}</Notice>
        )}
        <Actions />
      </Page>
    );
  }

  const branch = appData?.stores.find((s) => s.filialnummer === order.filialnummer);
  const pickupPlace =
    order.abholAdresse || descriptor?.branch.pickupAddress || (branch ? `${branch.name}, ${branch.strasse}, ${branch.plz} ${branch.ort}` : undefined);
  const situation = orderSituation(order);
  const cancelled = situation === 'cancelled' || situation === 'rejected' || situation === 'expired';
  const reason = rejectionReason(order);
  // An order that ended is not passed on to the till: nothing to wait for.
  const waiting = !cancelled && (!confirmed || (order.state === 'New' && order.sentToPos !== true));
  const features = resolveFeatures(appData?.appconfig.features, descriptor?.features);
  const allReadyShown = features.enableAllReady && situation === 'table';

  // Everything above the order's lines is there from the first paint, in its final place; what the
  // server's answer and the kitchen add later (the push question, the ready message) floats in the dock
  // at the bottom edge: nothing pushes the order down (docs/requirements.md#performance, CLS).
  return (
    <Page testId="order-page">
      <StatusHeader order={order} pickupPlace={pickupPlace} confirmed={confirmed} />
      {!cancelled ? <OrderProgress order={order} waiting={waiting} /> : null}
      {allReadyShown ? <AllReady order={order} enabled={confirmed} /> : null}

      <OrderLines order={order} />
      <div className={css.sum}>
        <span>
          {texts.total} <span className={css.vat}>{texts.inclVat}</span>
        </span>
        <strong data-testid="order-total">{formatEuro(order.total)}</strong>
      </div>
      {order.note ? (
        <p className={css.note}>
          {texts.note}: „{order.note}“
        </p>
      ) : null}

      {cancelled && order.stornoAmounts.length > 0 ? (
        <section className={css.storno} data-testid="order-storno">
          <h2>{texts.alreadyCancelledItems}</h2>
          <ul>
            {order.stornoAmounts.map((s, i) => (
              <li key={`${s.name}-${i}`}>
                {s.countRemoved}× {s.name} <span>{formatEuro(s.amountRemoved)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <dl className={css.details} data-testid="order-details">
        <Row label={texts.orderDate}>{dateTime(order.createdAt)}</Row>
        <Row label={texts.total}>{formatEuro(order.total)}</Row>
        <Row label={texts.orderType}>{texts.usecaseLabels[order.usecase]}</Row>
        {order.usecase === 'delivery' && order.deliveryAddress ? (
          <Row label={texts.deliveryAddress} testId="order-delivery-address">
            {addressLine(order.deliveryAddress)}
          </Row>
        ) : null}
        <Row label={texts.payment} testId="order-payment">
          {cancelled ? texts.paymentStateCancelled : paymentLabel(order)}
        </Row>
        <Row label={texts.status}>{texts.stateLabels[order.state]}</Row>
        {order.capturedAt !== undefined ? <Row label={texts.paidAt}>{dateTime(order.capturedAt)}</Row> : null}
        {reason ? (
          <Row label={texts.rejectReason} testId="order-reject-reason">
            {reason}
          </Row>
        ) : null}
      </dl>

      {branch?.phone ? (
        <a className={[buttonClass('ghost', true), css.call].join(' ')} href={telHref(branch.phone)}>
          {texts.callRestaurant}
        </a>
      ) : null}

      <SharePrompt order={order} />

      <Actions />

      <div className={css.dock} data-fixed-layer="bottom-float">
        {confirmed ? <PushQuestion order={order} /> : null}
        {!cancelled ? <ReadyBanner order={order} /> : null}
      </div>

      {overlays.food ? <ReadyOverlay title={texts.foodReadyOverlay} onOk={() => dismissOverlay('food')} /> : null}
      {!overlays.food && overlays.drinks ? <ReadyOverlay title={texts.drinksReadyOverlay} onOk={() => dismissOverlay('drinks')} /> : null}
    </Page>
  );
}
