import { useEffect, useMemo, useState } from 'react';
import { emit } from '@shop/shared/bus';
import { ActionCallError, callAction } from '@shop/shared/client';
import type { SavedOrder } from '@shop/shared/contract';
import { isOpenForKitchen } from '@shop/shared/domain/order-lifecycle';
import { formatEuro } from '@shop/shared/domain/money';
import { effectiveTargetTime, shopClockTime } from '@shop/shared/domain/orders';
import { orders as texts } from '@shop/shared/i18n/orders';
import { staff as staffTexts } from '@shop/shared/i18n/staff';
import { fill } from '@shop/shared/i18n/fill';
import { Link, useStore } from '@shop/shared/react';
import { authStore, createPersistentStore } from '@shop/shared/stores';
import { Button, Notice, Page, Skeleton, buttonClass } from '@shop/shared/ui';
import { OrderLines } from '../order/OrderLines';
import { createChime } from '../sound/chime';
import { arrivalSignal } from './arrival-signal';
import { boardActions, boardFacts, boardTimeText, type BoardAction } from './board-facts';
import { useBoard } from './board-source';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import css from './board.module.css';

/** Whether this device plays the chime for new orders and waiter calls (on by default). */
const boardSoundStore = createPersistentStore<boolean>('orders:boardSound', true, {
  parse: (raw) => (typeof raw === 'boolean' ? raw : undefined),
});

const ACTION_TEXT: Record<BoardAction, string> = {
  confirm: texts.boardConfirm,
  ready: texts.boardReady,
  readyFood: texts.boardReadyFood,
  readyDrinks: texts.boardReadyDrinks,
  collected: texts.boardCollected,
  reject: texts.boardReject,
  cancel: texts.boardCancel,
};

/** The server's change for a board action ('readyFood' is 'ready' of the food part). */
function changeOf(action: BoardAction): { change: 'confirm' | 'ready' | 'collected' | 'reject' | 'cancel'; part?: 'food' | 'drinks' } {
  if (action === 'readyFood') return { change: 'ready', part: 'food' };
  if (action === 'readyDrinks') return { change: 'ready', part: 'drinks' };
  return { change: action };
}

interface OrderCardProps {
  readonly order: SavedOrder;
  readonly busy: boolean;
  readonly printing?: boolean;
  readonly onAction: (order: SavedOrder, action: BoardAction) => void;
  readonly onPrint?: (order: SavedOrder) => void;
}

function OrderCard({ order, busy, printing = false, onAction, onPrint }: OrderCardProps) {
  const open = isOpenForKitchen(order);
  const where = order.table ? fill(texts.boardTable, { table: order.table }) : texts.usecaseLabels[order.usecase];
  const payment =
    order.onlinePay && order.authCompleted ? texts.boardPaidOnline : order.psp ? fill(texts.boardPayOnSite, { method: texts.paymentLabels[order.psp] }) : '';
  const facts = boardFacts(order);
  const reason = order.rejectReason ?? order.cancelReason;
  const actions = boardActions(order);
  return (
    <li
      className={[css.card, order.state === 'New' ? css.new : '', order.abholbereit ? css.ready : '', printing ? css.printing : ''].join(' ')}
      data-testid="board-order"
      data-order-number={order.orderNumber}
      data-state={order.state}
      data-printing={printing || undefined}
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
      <OrderLines order={order} />
      {order.note ? <p className={css.note}>„{order.note}“</p> : null}
      {facts.length > 0 ? (
        <ul className={css.facts} data-testid="board-order-facts">
          {facts.map((fact) => (
            <li key={fact.key} data-fact={fact.key} data-strong={fact.strong === true}>
              {fact.text}
            </li>
          ))}
        </ul>
      ) : null}
      {reason ? <p className={css.note}>{fill(texts.boardReasonShown, { reason })}</p> : null}
      <p className={css.sum}>
        <span>{payment}</span>
        <strong>{formatEuro(order.total)}</strong>
      </p>
      {actions.length > 0 ? (
        <div className={css.actions}>
          {onPrint && open ? (
            <Button variant="ghost" onClick={() => onPrint(order)} data-testid="board-print">
              {texts.boardPrint}
            </Button>
          ) : null}
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'reject' || action === 'cancel' ? 'ghost' : 'primary'}
              disabled={busy}
              onClick={() => onAction(order, action)}
              data-testid={`board-${action}`}
            >
              {ACTION_TEXT[action]}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** Bestellboard: the staff see orders arrive live and move them on (staff accounts only). */
export function BoardPage() {
  const user = useStore(authStore);
  const sound = useStore(boardSoundStore);
  const chime = useMemo(() => createChime(), []);
  const [soundReady, setSoundReady] = useState(false);
  const { state, reload, replace } = useBoard(user?.uid ?? null, (arrived) => {
    if (!boardSoundStore.get()) return;
    const signal = arrivalSignal(arrived);
    try {
      chime.play(signal);
    } catch (error) {
      // checkout-spec §8: a sound that cannot play is reported to the staff with a browser alert.
      window.alert(
        `${signal === 'drinks' ? texts.boardSoundErrorDrinks : texts.boardSoundErrorOrder}${error instanceof Error ? error.message : String(error)}`,
      );
    }
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [printing, setPrinting] = useState<string | null>(null);
  const [asking, setAsking] = useState<(ReasonRequest & { order: SavedOrder }) | null>(null);

  // Browsers allow sound only after a gesture: the first tap on the page unlocks the chime. On the
  // click, not on pointerdown: the hint above the orders then goes away after the tap has landed,
  // not between press and release (which would move the button away from the finger).
  useEffect(() => {
    const unlock = () => {
      chime.unlock();
      setSoundReady(true);
    };
    document.addEventListener('click', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    return () => {
      document.removeEventListener('click', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [chime]);
  const [awaitingOpen, setAwaitingOpen] = useState(false);

  // Printing one order (a kitchen ticket): the print style shows only the card marked printing.
  useEffect(() => {
    if (!printing) return;
    window.print();
    setPrinting(null);
  }, [printing]);

  const send = async (order: SavedOrder, action: BoardAction, reason?: string) => {
    setBusy(order.uniqueOrderId);
    try {
      const res = await callAction('UpdateOrderStatus', { uniqueOrderId: order.uniqueOrderId, ...changeOf(action), ...(reason ? { reason } : {}) });
      if (res.ok) replace(res.order);
      else emit('shell:overlay', { kind: 'snackbar', text: texts.boardLoadFailed });
    } catch (error) {
      const message = error instanceof ActionCallError ? error.error?.userMessage : undefined;
      emit('shell:overlay', { kind: 'snackbar', text: message ?? texts.boardLoadFailed });
    } finally {
      setBusy(null);
      void reload();
    }
  };

  const act = (order: SavedOrder, action: BoardAction) => {
    if (action === 'reject' || action === 'cancel') setAsking({ kind: action, orderNumber: order.orderNumber, order });
    else void send(order, action);
  };

  const acknowledge = async (signalId: string) => {
    try {
      await callAction('AcknowledgeWaiterCall', { signalId });
    } catch (error) {
      const message = error instanceof ActionCallError ? error.error?.userMessage : undefined;
      emit('shell:overlay', { kind: 'snackbar', text: message ?? texts.boardLoadFailed });
    } finally {
      void reload();
    }
  };

  const body = () => {
    switch (state.status) {
      case 'loading':
        return <Skeleton height={240} />;
      case 'signed-out':
        return (
          <>
            <Notice testId="board-staff-only">{texts.boardStaffOnly}</Notice>
            <p className={css.center}>
              <Link to="Anmelden" className={buttonClass()}>
                {texts.boardSignIn}
              </Link>
            </p>
          </>
        );
      case 'forbidden':
        return <Notice testId="board-staff-only">{state.message}</Notice>;
      case 'failed':
        return <Notice error>{texts.boardLoadFailed}</Notice>;
      case 'ready': {
        const open = state.data.orders.filter(isOpenForKitchen).sort((a, b) => effectiveTargetTime(a) - effectiveTargetTime(b));
        const done = state.data.orders.filter((o) => !isOpenForKitchen(o));
        const unpaid = state.data.awaitingPayment;
        return (
          <>
            <div className={css.toolbar}>
              <p className={css.status} data-testid="board-live" data-live={state.live}>
                {state.live ? texts.boardLive : texts.boardOffline}
              </p>
              <Button variant="ghost" aria-pressed={sound} onClick={() => boardSoundStore.set(!sound)} data-testid="board-sound">
                {sound ? texts.boardSoundOn : texts.boardSoundOff}
              </Button>
              <Link to="Verwaltung" className={buttonClass('ghost')} data-testid="board-admin">
                {staffTexts.toAdmin}
              </Link>
            </div>
            {sound && !soundReady ? <p className={css.hint}>{texts.boardSoundLocked}</p> : null}
            {state.data.waiterCalls.length > 0 ? (
              <ul className={css.calls} data-testid="board-waiter-calls">
                {state.data.waiterCalls.map((call) => (
                  <li key={call.signalId} className={css.callItem} data-testid="board-waiter-call">
                    <span>{fill(texts.boardWaiterCall, { table: call.table, time: shopClockTime(call.createdAt) })}</span>
                    <Button variant="secondary" onClick={() => void acknowledge(call.signalId)} data-testid="board-waiter-call-ack">
                      {texts.boardWaiterCallAck}
                    </Button>
                  </li>
                ))}
              </ul>
            ) : null}
            <h2 className={css.heading}>{fill(texts.boardOpen, { count: open.length })}</h2>
            {open.length === 0 ? <p className={css.empty}>{texts.boardEmpty}</p> : null}
            <ul className={css.grid} data-testid="board-open">
              {open.map((order) => (
                <OrderCard
                  key={order.uniqueOrderId}
                  order={order}
                  busy={busy === order.uniqueOrderId}
                  printing={printing === order.uniqueOrderId}
                  onAction={act}
                  onPrint={(o) => setPrinting(o.uniqueOrderId)}
                />
              ))}
            </ul>
            {unpaid.length > 0 ? (
              <details
                className={css.awaiting}
                data-testid="board-awaiting-payment"
                open={awaitingOpen}
                onToggle={(e) => setAwaitingOpen(e.currentTarget.open)}
              >
                <summary>{fill(texts.boardAwaitingPayment, { count: unpaid.length })}</summary>
                <p className={css.hint}>{texts.boardAwaitingPaymentHint}</p>
                <ul className={css.grid}>
                  {unpaid.map((order) => (
                    <OrderCard key={order.uniqueOrderId} order={order} busy={busy === order.uniqueOrderId} onAction={act} />
                  ))}
                </ul>
              </details>
            ) : null}
            {done.length > 0 ? (
              <details className={css.done}>
                <summary>
                  {texts.boardDone} ({done.length})
                </summary>
                <ul className={css.grid} data-testid="board-done">
                  {done.map((order) => (
                    <OrderCard key={order.uniqueOrderId} order={order} busy onAction={() => undefined} />
                  ))}
                </ul>
              </details>
            ) : null}
            {asking ? (
              <ReasonDialog
                request={asking}
                onAnswer={(reason) => {
                  const target = asking.order;
                  const kind = asking.kind;
                  setAsking(null);
                  if (reason) void send(target, kind, reason);
                }}
              />
            ) : null}
          </>
        );
      }
    }
  };

  return (
    <Page title={texts.boardTitle} testId="board-page">
      {body()}
    </Page>
  );
}
