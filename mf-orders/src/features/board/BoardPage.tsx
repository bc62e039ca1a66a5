import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { emit } from '@shop/shared/bus';
import { ActionCallError, callAction } from '@shop/shared/client';
import type { SavedOrder, WaiterMute } from '@shop/shared/contract';
import { isOpenForKitchen } from '@shop/shared/domain/order-lifecycle';
import { effectiveTargetTime, shopClockTime } from '@shop/shared/domain/orders';
import { WAITER_CALL_LIMITS } from '@shop/shared/domain/waiter-call';
import { orders as texts } from '@shop/shared/i18n/orders';
import { staff as staffTexts } from '@shop/shared/i18n/staff';
import { fill } from '@shop/shared/i18n/fill';
import { Link, useStore } from '@shop/shared/react';
import { authStore, createPersistentStore } from '@shop/shared/stores';
import { Button, Notice, Page, Skeleton, buttonClass } from '@shop/shared/ui';
import { createChime } from '../sound/chime';
import { BOARD_FILTERS, boardCounts, filterBoard, type BoardAction, type BoardFilter } from './board-facts';
import { allReadyKey, nextAlert, pendingAlerts, QUIET, type AlertSchedule } from './kitchen-alerts';
import { activeWaiterMutes, muteWaiterCalls, unmuteWaiterCalls } from './waiter-mutes';
import { useBoard } from './board-source';
import { OrderCard } from './OrderCard';
import { ReasonDialog, type ReasonRequest } from './ReasonDialog';
import css from './board.module.css';

/** Whether this device plays the chime for new orders and waiter calls (on by default). */
const boardSoundStore = createPersistentStore<boolean>('orders:boardSound', true, {
  parse: (raw) => (typeof raw === 'boolean' ? raw : undefined),
});

/** The "Wir sind fertig" alerts this board marked seen (allReady keys, the newest last). */
const SEEN_MAX = 200;
const boardSeenStore = createPersistentStore<string[]>('orders:boardSeen', [], {
  parse: (raw) => (Array.isArray(raw) && raw.every((k) => typeof k === 'string') ? raw.slice(-SEEN_MAX) : undefined),
});

const FILTER_TEXT: Record<BoardFilter, string> = {
  all: texts.boardFilterAll,
  new: texts.boardFilterNew,
  inProgress: texts.boardFilterInProgress,
  ready: texts.boardFilterReady,
};

/** How often the alert schedule is looked at (docs/requirements.md#sounds). */
const ALERT_TICK_MS = 1_000;

/** The server's change for a board action ('readyFood' is 'ready' of the food part). */
function changeOf(action: BoardAction): { change: 'confirm' | 'ready' | 'collected' | 'reject' | 'cancel'; part?: 'food' | 'drinks' } {
  if (action === 'readyFood') return { change: 'ready', part: 'food' };
  if (action === 'readyDrinks') return { change: 'ready', part: 'drinks' };
  return { change: action };
}

function WaiterCalls({
  calls,
  mutes,
  onAcknowledge,
  onMute,
}: {
  calls: readonly { signalId: string; table: string; createdAt: number }[];
  mutes: readonly WaiterMute[];
  onAcknowledge: (signalId: string) => void;
  onMute: (table: string, mute: boolean) => void;
}) {
  if (calls.length === 0 && mutes.length === 0) return null;
  const muted = new Set(mutes.map((m) => m.table));
  return (
    <ul className={css.calls} data-testid="board-waiter-calls">
      {calls.map((call) => (
        <li key={call.signalId} className={css.callItem} data-testid="board-waiter-call">
          <span>{fill(texts.boardWaiterCall, { table: call.table, time: shopClockTime(call.createdAt) })}</span>
          <span className={css.actionGroup}>
            {muted.has(call.table) ? null : (
              <Button variant="ghost" onClick={() => onMute(call.table, true)} data-testid="board-waiter-mute">
                {fill(texts.waiterMuteTable, { table: call.table, minutes: WAITER_CALL_LIMITS.defaultMuteMinutes })}
              </Button>
            )}
            <Button variant="secondary" onClick={() => onAcknowledge(call.signalId)} data-testid="board-waiter-call-ack">
              {texts.boardWaiterCallAck}
            </Button>
          </span>
        </li>
      ))}
      {mutes.map((mute) => (
        <li key={`mute-${mute.table}`} className={css.callItem} data-testid="board-waiter-muted">
          <span>{fill(texts.waiterMutedUntil, { table: mute.table, time: shopClockTime(mute.until) })}</span>
          <Button variant="ghost" onClick={() => onMute(mute.table, false)} data-testid="board-waiter-unmute">
            {fill(texts.waiterUnmuteTable, { table: mute.table })}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Bestellboard: the staff see orders arrive live and move them on (staff accounts only). */
export function BoardPage() {
  const user = useStore(authStore);
  const sound = useStore(boardSoundStore);
  const seenList = useStore(boardSeenStore);
  const seen = useMemo(() => new Set(seenList), [seenList]);
  const chime = useMemo(() => createChime(), []);
  // The browser's autoplay policy: sound is blocked until a gesture on the page (docs/requirements.md#sounds).
  const [soundBlocked, setSoundBlocked] = useState(() => chime.blocked());
  const { state, reload, replace } = useBoard(user?.uid ?? null);
  const [busy, setBusy] = useState<string | null>(null);
  const [printing, setPrinting] = useState<string | null>(null);
  const [asking, setAsking] = useState<(ReasonRequest & { order: SavedOrder }) | null>(null);
  const [filter, setFilter] = useState<BoardFilter>('all');
  const [awaitingOpen, setAwaitingOpen] = useState(false);
  /** The card to keep focus on after its action (its buttons change under the finger). */
  const focusAfter = useRef<string | null>(null);
  const openHeading = useRef<HTMLHeadingElement>(null);

  const enableSound = useCallback(async () => {
    const running = await chime.unlock();
    setSoundBlocked(!running);
  }, [chime]);

  // Any tap or key on the page also allows sound (the browser counts it as the gesture). On the click,
  // not on pointerdown: the notice above the orders then goes away after the tap has landed.
  useEffect(() => {
    const unlock = () => void enableSound();
    document.addEventListener('click', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    return () => {
      document.removeEventListener('click', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [enableSound]);

  // Alerts until acknowledged (docs/requirements.md#sounds): what is pending comes from the board's
  // data; the pure schedule (kitchen-alerts.ts) says when to sound, one sound for all that is pending.
  const pending = useMemo(() => (state.status === 'ready' ? pendingAlerts(state.data, seen, Date.now()) : []), [state, seen]);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const schedule = useRef<AlertSchedule>(QUIET);
  useEffect(() => {
    const tick = () => {
      const canPlay = boardSoundStore.get() && !chime.blocked();
      const step = nextAlert(schedule.current, pendingRef.current, Date.now(), canPlay);
      schedule.current = step.schedule;
      if (!step.play) return;
      try {
        chime.play(step.play);
      } catch (error) {
        // requirements#checkout-errors: a sound that cannot play is reported to the staff with a browser alert.
        window.alert(
          `${step.play === 'drinks' ? texts.boardSoundErrorDrinks : texts.boardSoundErrorOrder}${error instanceof Error ? error.message : String(error)}`,
        );
      }
    };
    tick();
    const timer = setInterval(tick, ALERT_TICK_MS);
    return () => clearInterval(timer);
  }, [chime, pending]);

  // Printing one order (a kitchen ticket): the print style shows only the card marked printing.
  useEffect(() => {
    if (!printing) return;
    window.print();
    setPrinting(null);
  }, [printing]);

  // Focus stays on the card after Annehmen/Fertig; a card that left the current filter hands focus to the list's heading.
  useEffect(() => {
    const id = focusAfter.current;
    if (!id || state.status !== 'ready' || busy) return;
    focusAfter.current = null;
    const card = document.querySelector<HTMLElement>(`[data-testid="board-order"][data-order-id="${CSS.escape(id)}"]`);
    (card ?? openHeading.current)?.focus();
  }, [state, busy]);

  const send = async (order: SavedOrder, action: BoardAction, reason?: string) => {
    setBusy(order.uniqueOrderId);
    focusAfter.current = order.uniqueOrderId;
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

  const mute = async (table: string, on: boolean) => {
    try {
      await (on ? muteWaiterCalls(table) : unmuteWaiterCalls(table));
    } catch (error) {
      const message = error instanceof ActionCallError ? error.error?.userMessage : undefined;
      emit('shell:overlay', { kind: 'snackbar', text: message ?? texts.boardLoadFailed });
    } finally {
      void reload();
    }
  };

  const markSeen = (order: SavedOrder) => {
    focusAfter.current = order.uniqueOrderId;
    boardSeenStore.set([...boardSeenStore.get().filter((k) => k !== allReadyKey(order.uniqueOrderId)), allReadyKey(order.uniqueOrderId)].slice(-SEEN_MAX));
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
        const counts = boardCounts(open);
        const shown = filterBoard(open, filter);
        const done = state.data.orders.filter((o) => !isOpenForKitchen(o));
        const unpaid = state.data.awaitingPayment;
        const mutes = activeWaiterMutes(state.data.waiterMutes ?? [], Date.now());
        return (
          <>
            <div className={css.toolbar}>
              <p className={css.status} data-testid="board-live" data-live={state.live}>
                {state.live ? texts.boardLive : texts.boardOffline}
              </p>
              <span className={css.actionGroup} data-testid="board-alerts" data-pending={pending.length}>
                {sound && soundBlocked ? (
                  <Button onClick={() => void enableSound()} data-testid="board-sound-enable">
                    {texts.boardSoundEnable}
                  </Button>
                ) : null}
                <Button variant="ghost" aria-pressed={sound} onClick={() => boardSoundStore.set(!sound)} data-testid="board-sound">
                  {sound ? texts.boardSoundOn : texts.boardSoundOff}
                </Button>
                <Link to="Verwaltung" className={buttonClass('ghost')} data-testid="board-admin">
                  {staffTexts.toAdmin}
                </Link>
              </span>
            </div>
            {sound && soundBlocked ? (
              <p className={css.soundBlocked} role="status" data-testid="board-sound-blocked">
                {texts.boardSoundBlocked}
              </p>
            ) : null}
            <WaiterCalls
              calls={state.data.waiterCalls}
              mutes={mutes}
              onAcknowledge={(id) => void acknowledge(id)}
              onMute={(table, on) => void mute(table, on)}
            />
            <h2 className={css.heading} ref={openHeading} tabIndex={-1}>
              {fill(texts.boardOpen, { count: open.length })}
            </h2>
            <div className={css.filters} role="group" aria-label={texts.boardFilterLabel} data-testid="board-filter">
              {BOARD_FILTERS.map((f) => (
                <button
                  key={f}
                  type="button"
                  className={css.filter}
                  aria-pressed={filter === f}
                  onClick={() => setFilter(f)}
                  data-testid={`board-filter-${f}`}
                  data-count={counts[f]}
                >
                  {fill(FILTER_TEXT[f], { count: counts[f] })}
                </button>
              ))}
            </div>
            {open.length === 0 ? (
              <p className={css.empty}>{texts.boardEmpty}</p>
            ) : shown.length === 0 ? (
              <p className={css.empty}>{texts.boardFilterEmpty}</p>
            ) : null}
            <ul className={css.grid} data-testid="board-open">
              {shown.map((order) => (
                <OrderCard
                  key={order.uniqueOrderId}
                  order={order}
                  busy={busy === order.uniqueOrderId}
                  printing={printing === order.uniqueOrderId}
                  onAction={act}
                  onPrint={(o) => setPrinting(o.uniqueOrderId)}
                  onSeen={order.allReady && !seen.has(allReadyKey(order.uniqueOrderId)) ? markSeen : undefined}
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
