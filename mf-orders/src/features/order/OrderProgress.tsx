import type { SavedOrder } from '@shop/shared/contract';
import { isTicketOrder, orderProgress, orderSituation, shopClockTime, type ProgressStep } from '@shop/shared/domain/orders';
import { orders as texts } from '@shop/shared/i18n/orders';
import { fill } from '@shop/shared/i18n/fill';
import css from './order.module.css';

function stepLabel(step: ProgressStep, order: SavedOrder): string {
  if (step !== 'handedOver') return texts.progressSteps[step];
  const situation = orderSituation(order);
  if (situation === 'delivery') return texts.progressHandedOverDelivery;
  if (situation === 'table') return texts.progressHandedOverTable;
  if (isTicketOrder(order)) return texts.progressHandedOverTickets;
  return texts.progressSteps.handedOver;
}

const at = (time: number | undefined) =>
  time === undefined ? null : <time className={css.progressTime}>{fill(texts.progressAt, { time: shopClockTime(time) })}</time>;

/**
 * Received → accepted → ready → handed over, each with its time; food and drinks apart when both were ordered.
 * Its last line says "Wird an die Kasse übermittelt..." while the order is on its way to the till, then
 * that the status updates itself: both texts hold the line's place, so the change moves nothing.
 */
export function OrderProgress({ order, waiting }: { order: SavedOrder; waiting: boolean }) {
  const steps = orderProgress(order);
  const current = steps.findIndex((s) => s.at === undefined);
  // The last step reached, announced when it changes (requirements#accessibility: status changes in a live region).
  const reached = [...steps].reverse().find((s) => s.at !== undefined);
  return (
    <section className={css.progressBox} aria-label={texts.progressTitle}>
      <p role="status" className={css.srOnly} data-testid="order-status-live">
        {reached ? `${texts.progressTitle}: ${stepLabel(reached.step, order)}` : ''}
      </p>
      <ol className={css.progress} data-testid="order-progress">
        {steps.map((s, i) => (
          <li key={s.step} data-step={s.step} data-done={s.at !== undefined} aria-current={i === current ? 'step' : undefined} className={css.progressStep}>
            <span className={css.progressDot} aria-hidden="true" />
            <span className={css.progressLabel}>{stepLabel(s.step, order)}</span>
            {at(s.at)}
            {s.parts ? (
              <ul className={css.progressParts}>
                {s.parts.map((p) => (
                  <li key={p.part} data-testid={`order-progress-${p.part}`} data-done={p.at !== undefined}>
                    {p.part === 'food' ? texts.progressPartFood : texts.progressPartDrinks}: {p.at === undefined ? texts.statusPreparing : texts.statusReady}{' '}
                    {at(p.at)}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
      <p className={css.progressNote}>
        <span className={waiting ? undefined : css.placeHolder} data-testid={waiting ? 'order-transmitting' : undefined}>
          {texts.transmitting}
        </span>
        <span className={waiting ? css.placeHolder : undefined}>{texts.live}</span>
      </p>
    </section>
  );
}

/** The plain 'ready' message of a placed order (announced to screen readers). */
export function ReadyBanner({ order }: { order: SavedOrder }) {
  const steps = orderProgress(order);
  const ready = steps[2]!;
  const handedOver = steps[3]!.at !== undefined;
  if (handedOver) return null;
  const parts = ready.parts ?? [];
  const message =
    ready.at !== undefined
      ? texts.orderReady
      : parts.find((p) => p.part === 'food' && p.at !== undefined)
        ? texts.foodReadyPart
        : parts.find((p) => p.part === 'drinks' && p.at !== undefined)
          ? texts.drinksReadyPart
          : null;
  return (
    <div role="status" aria-live="polite" className={css.readyLive}>
      {message ? (
        <div className={css.readyBanner} data-testid="order-ready">
          <strong>{message}</strong>
          <span>{fill(texts.orderReadyNumber, { number: order.orderNumber })}</span>
        </div>
      ) : null}
    </div>
  );
}
