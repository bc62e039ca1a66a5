// One order on the kitchen board (docs/requirements.md#kitchen-board): a module of its own, so the board
// page and the component tests render the same card.
import type { SavedOrder } from '@shop/shared/contract';
import { mentionsAllergy } from '@shop/shared/domain/allergy-note';
import { formatEuro } from '@shop/shared/domain/money';
import { isOpenForKitchen } from '@shop/shared/domain/order-lifecycle';
import { fill } from '@shop/shared/i18n/fill';
import { orders as texts } from '@shop/shared/i18n/orders';
import { Button } from '@shop/shared/ui';
import { OrderLines } from '../order/OrderLines';
import { boardActions, boardFacts, boardTimeText, splitActions, type BoardAction } from './board-facts';
import css from './board.module.css';

const ACTION_TEXT: Record<BoardAction, string> = {
  confirm: texts.boardConfirm,
  ready: texts.boardReady,
  readyFood: texts.boardReadyFood,
  readyDrinks: texts.boardReadyDrinks,
  collected: texts.boardCollected,
  reject: texts.boardReject,
  cancel: texts.boardCancel,
};

interface OrderCardProps {
  readonly order: SavedOrder;
  readonly busy: boolean;
  readonly printing?: boolean;
  readonly onAction: (order: SavedOrder, action: BoardAction) => void;
  readonly onPrint?: (order: SavedOrder) => void;
  /** The table said "Wir sind fertig" and this board has not marked it seen: offer "Gesehen". */
  readonly onSeen?: ((order: SavedOrder) => void) | undefined;
}

function ActionButton({ order, action, busy, onAction }: { order: SavedOrder; action: BoardAction; busy: boolean; onAction: OrderCardProps['onAction'] }) {
  return (
    <Button
      variant={action === 'reject' || action === 'cancel' ? 'ghost' : action === 'confirm' ? 'primary' : 'secondary'}
      disabled={busy}
      onClick={() => onAction(order, action)}
      data-testid={`board-${action}`}
    >
      {ACTION_TEXT[action]}
    </Button>
  );
}

/**
 * One order on the board: compact, an allergy note highlighted, and "Annehmen" (left) kept apart
 * from "Fertig"/"Abgeholt" (right) and from Ablehnen/Stornieren (a row of their own)
 * (docs/requirements.md#kitchen-board). Focusable, so focus can stay on it after an action.
 */
export function OrderCard({ order, busy, printing = false, onAction, onPrint, onSeen }: OrderCardProps) {
  const open = isOpenForKitchen(order);
  const where = order.table ? fill(texts.boardTable, { table: order.table }) : texts.usecaseLabels[order.usecase];
  const payment =
    order.onlinePay && order.authCompleted
      ? order.captured
        ? texts.boardPaidOnline
        : texts.boardAuthorizedOnline
      : order.psp
        ? fill(texts.boardPayOnSite, { method: texts.paymentLabels[order.psp] })
        : '';
  const facts = boardFacts(order);
  const reason = order.rejectReason ?? order.cancelReason;
  const { accept, progress, end } = splitActions(boardActions(order));
  const allergy = mentionsAllergy(order.note) || order.orderData.some((line) => line.kind === 'product' && mentionsAllergy(line.notes));
  return (
    <li
      className={[
        css.card,
        order.state === 'New' ? css.new : '',
        order.abholbereit ? css.ready : '',
        printing ? css.printing : '',
        allergy ? css.allergy : '',
      ].join(' ')}
      data-testid="board-order"
      data-order-id={order.uniqueOrderId}
      data-order-number={order.orderNumber}
      data-state={order.state}
      data-allergy={allergy || undefined}
      data-printing={printing || undefined}
      tabIndex={-1}
      aria-label={fill(texts.orderNumberShort, { number: order.orderNumber })}
    >
      <header className={css.cardHead}>
        <strong className={css.number}>{fill(texts.orderNumberShort, { number: order.orderNumber })}</strong>
        <span className={css.time} data-testid="board-order-time">
          {boardTimeText(order, Date.now())}
        </span>
      </header>
      <p className={css.meta}>
        {where} · {order.userInfo.name} · <span data-testid="board-order-state">{texts.stateLabels[order.state]}</span>
        {order.state === 'Confirmed' && order.abholbereit ? ` · ${texts.progressPartFood}: ${texts.statusReady}` : ''}
        {order.state === 'Confirmed' && order.getraenkeAbholbereit ? ` · ${texts.progressPartDrinks}: ${texts.statusReady}` : ''}
      </p>
      {allergy ? (
        <p className={css.allergyLabel} data-testid="board-allergy">
          {texts.boardAllergyNote}
        </p>
      ) : null}
      <OrderLines order={order} />
      {order.note ? <p className={[css.note, mentionsAllergy(order.note) ? css.allergyNote : ''].join(' ')}>„{order.note}“</p> : null}
      {facts.length > 0 ? (
        <ul className={css.facts} data-testid="board-order-facts">
          {facts.map((fact) => (
            <li key={fact.key} data-fact={fact.key} data-strong={fact.strong === true}>
              {fact.text}
              {fact.key === 'allReady' && onSeen ? (
                <Button variant="secondary" className={css.seen} onClick={() => onSeen(order)} data-testid="board-all-ready-seen">
                  {texts.boardAllReadySeen}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {reason ? <p className={css.note}>{fill(texts.boardReasonShown, { reason })}</p> : null}
      <p className={css.sum}>
        <span data-testid="board-order-payment">{payment}</span>
        <strong>{formatEuro(order.total)}</strong>
      </p>
      {accept.length + progress.length > 0 ? (
        <div className={css.actions}>
          <span className={css.actionGroup}>
            {accept.map((action) => (
              <ActionButton key={action} order={order} action={action} busy={busy} onAction={onAction} />
            ))}
          </span>
          <span className={css.actionGroup}>
            {progress.map((action) => (
              <ActionButton key={action} order={order} action={action} busy={busy} onAction={onAction} />
            ))}
          </span>
        </div>
      ) : null}
      {end.length > 0 || (onPrint && open) ? (
        <div className={css.endActions}>
          {onPrint && open ? (
            <Button variant="ghost" onClick={() => onPrint(order)} data-testid="board-print">
              {texts.boardPrint}
            </Button>
          ) : null}
          {end.map((action) => (
            <ActionButton key={action} order={order} action={action} busy={busy} onAction={onAction} />
          ))}
        </div>
      ) : null}
    </li>
  );
}
