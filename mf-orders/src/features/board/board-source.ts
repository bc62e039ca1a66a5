import { useCallback, useEffect, useRef, useState } from 'react';
import { emit } from '@shop/shared/bus';
import { ActionCallError, callAction, liveStreamDeps, openLiveStream } from '@shop/shared/client';
import { STAFF_CHANNEL, serverEvent, type ActionResult, type SavedOrder } from '@shop/shared/contract';
import { shopClockTime } from '@shop/shared/domain/orders';
import { orders as texts } from '@shop/shared/i18n/orders';
import { fill } from '@shop/shared/i18n/fill';

/** The board polls as a safety net even while the live stream runs. */
const POLL_MS = 15_000;
/** Several events in a burst (a save, then its payment) cause one reload. */
const RELOAD_DEBOUNCE_MS = 300;

export type BoardData = ActionResult<'LoadStaffOrders'>;

export type BoardState =
  | { readonly status: 'loading' }
  | { readonly status: 'signed-out' }
  | { readonly status: 'forbidden'; readonly message: string }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly data: BoardData; readonly live: boolean };

/**
 * The staff board's data: LoadStaffOrders, reloaded on every staff event of the live stream
 * (GET /api/events, channel 'staff', opened with a stream ticket), each time the stream is back after
 * a drop, and every 15 s. New orders
 * and waiter calls are announced with a toast and `onArrival` (the new orders; none for a waiter
 * call), which the board turns into its signal.
 */
export function useBoard(
  uid: string | null,
  onArrival: (arrived: readonly SavedOrder[]) => void = () => undefined,
): { state: BoardState; reload: () => Promise<void>; replace: (order: SavedOrder) => void } {
  const arrival = useRef(onArrival);
  arrival.current = onArrival;
  const [state, setState] = useState<BoardState>({ status: 'loading' });
  const known = useRef<Set<string> | null>(null);
  const live = useRef(false);
  const refused = useRef(false);

  const reload = useCallback(async () => {
    if (refused.current) return;
    try {
      const res = await callAction('LoadStaffOrders', {});
      if (!res.ok) return setState({ status: res.status === 401 ? 'signed-out' : 'failed' });
      const seen = known.current;
      if (seen) {
        const arrived = res.orders.filter((order) => !seen.has(order.uniqueOrderId));
        for (const order of arrived) emit('shell:overlay', { kind: 'toast', text: fill(texts.boardNewOrder, { number: order.orderNumber }) });
        if (arrived.length > 0) arrival.current(arrived);
      }
      known.current = new Set(res.orders.map((o) => o.uniqueOrderId));
      setState({
        status: 'ready',
        data: { orders: res.orders, awaitingPayment: res.awaitingPayment, waiterCalls: res.waiterCalls, waiterMutes: res.waiterMutes ?? [] },
        live: live.current,
      });
    } catch (error) {
      if (error instanceof ActionCallError && error.status === 403) {
        // Not a staff account: say so once and stop asking (no 403 every 15 s).
        refused.current = true;
        setState({ status: 'forbidden', message: error.error?.userMessage ?? texts.boardStaffOnly });
      } else {
        console.warn('[mf_orders] staff board load failed', error);
        setState((s) => (s.status === 'ready' ? { ...s, live: false } : { status: 'failed' }));
      }
    }
  }, []);

  useEffect(() => {
    if (!uid) {
      setState({ status: 'signed-out' });
      return;
    }
    let debounce: ReturnType<typeof setTimeout> | undefined;
    known.current = null;
    refused.current = false;
    const poll = setInterval(() => {
      if (refused.current) clearInterval(poll);
      else void reload();
    }, POLL_MS);
    const setLive = (value: boolean) => {
      live.current = value;
      setState((s) => (s.status === 'ready' && s.live !== value ? { ...s, live: value } : s));
    };
    // The live stream heals (docs/requirements.md#live-updates-heal): a stream ticket instead of the ID
    // token in the URL, reopened with backoff after a drop, and the board fetched again each time it is back.
    const stream = openLiveStream({
      request: () => ({ channels: [STAFF_CHANNEL] }),
      onLive: (reconnected) => {
        setLive(true);
        if (reconnected) void reload();
      },
      onDown: () => setLive(false),
      // 401: the sign-in may be renewed meanwhile (keep trying); 403: not a staff account (LoadStaffOrders says so).
      onRefused: (status) => status === 401 && !refused.current,
      onEvent: (name, data) => {
        if (name !== STAFF_CHANNEL) return;
        const parsed = serverEvent.safeParse(data);
        if (!parsed.success) return;
        const event = parsed.data;
        if (event.type === 'hello' || event.type === 'resync') return;
        if (event.type === 'waiterCalled') {
          emit('shell:overlay', { kind: 'toast', text: fill(texts.boardWaiterCall, { table: event.table, time: shopClockTime(event.at) }) });
          arrival.current([]);
        }
        clearTimeout(debounce);
        debounce = setTimeout(() => void reload(), RELOAD_DEBOUNCE_MS);
      },
      deps: liveStreamDeps(),
    });
    void reload();
    return () => {
      clearInterval(poll);
      clearTimeout(debounce);
      stream.close();
    };
  }, [uid, reload]);

  const replace = useCallback((order: SavedOrder) => {
    const swap = (list: SavedOrder[]) => list.map((o) => (o.uniqueOrderId === order.uniqueOrderId ? order : o));
    setState((s) => (s.status === 'ready' ? { ...s, data: { ...s.data, orders: swap(s.data.orders), awaitingPayment: swap(s.data.awaitingPayment) } } : s));
  }, []);

  return { state, reload, replace };
}
