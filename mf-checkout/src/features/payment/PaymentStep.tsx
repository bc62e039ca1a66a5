import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { filter } from 'rxjs';
import type { SavedCard, SavedOrder } from '@shop/shared/contract';
import { emit, on } from '@shop/shared/bus';
import { callAction } from '@shop/shared/client';
import { buyerFuid, offeredMethods, type Method } from './offered-methods';
import { isCustomerCardSufficient } from '@shop/shared/domain/checkout-validation';
import { formatEuro } from '@shop/shared/domain/money';
import { closedOrderText } from '@shop/shared/domain/orders';
import { createPaypalApproveGuard } from '@shop/shared/domain/submit-guard';
import { de, fill } from '@shop/shared/i18n';
import { navigateTo, pathTo } from '@shop/shared/routes';
import { Button, Icon, Notice, Skeleton } from '@shop/shared/ui';
import { endCheckoutSession } from '../checkout/session';
import type { CheckoutContext } from '../checkout/use-checkout-context';
import { RadioCard } from '../ui/fields';
import { PaymentCancelled, PaymentFailure, markAuthorizedUntilConfirmed, providerCall } from './payment-client';
import { TestApprovalDialog, TestCardForm } from './test-provider/TestDialogs';
import css from './payment.module.css';

const LivePaypalButtons = lazy(() => import('./live/paypal'));
const StripeAddCard = lazy(() => import('./live/stripe').then((m) => ({ default: m.StripeAddCard })));

const t = de.checkout;

type Dialog =
  | { kind: 'addCard' }
  | { kind: 'threeDs'; resolve: (approve: boolean) => void }
  | { kind: 'paypal'; resolve: (approve: boolean) => void }
  | { kind: 'wallet'; resolve: (approve: boolean) => void };

export interface PaymentStepProps {
  ctx: CheckoutContext;
  order: SavedOrder;
  onPaid: (order: SavedOrder) => void;
  onBack: () => void;
  onMethod?: (label: string | undefined) => void;
}

/** The payment step (requirements#payment-step "Payment step behaviour on the screens", requirements#order-save-and-payment "Order save and payment"). */
export default function PaymentStep({ ctx, order, onPaid, onMethod }: PaymentStepProps) {
  const { config, payments } = ctx;
  const live = payments.mode === 'live';
  // The payment method choice is reset on init (requirements#checkout-behaviour).
  const [method, setMethod] = useState<Method | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  /** A neutral note (the guest left PayPal): not an error. */
  const [note, setNote] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [walletAvailable, setWalletAvailable] = useState<boolean>(!live);
  const abort = useRef(new AbortController());
  useEffect(() => () => abort.current.abort(), []);
  const closed = useOrderClosed(order, failure);

  // Live wallet: only when the device can make a wallet payment.
  useEffect(() => {
    if (!live || !payments.stripePublishableKey || !config.providers.wallet) return;
    let alive = true;
    void import('./live/stripe')
      .then((m) => m.createWalletRequest(payments.stripePublishableKey!, order.total, t.walletLabel))
      .then((w) => alive && setWalletAvailable(w.canPay))
      .catch(() => alive && setWalletAvailable(false));
    return () => {
      alive = false;
    };
  }, [live, payments.stripePublishableKey, config.providers.wallet, order.total]);

  const methods = useMemo(
    () => offeredMethods({ providers: config.providers, payments, walletAvailable, user: ctx.user }),
    [config.providers, payments, walletAvailable, ctx.user],
  );

  useEffect(() => onMethod?.(method ? t.methodLabels[method] : undefined), [method, onMethod]);

  const ask = (kind: 'threeDs' | 'paypal' | 'wallet') => new Promise<boolean>((resolve) => setDialog({ kind, resolve }));

  /** Runs a payment: overlay on, submit hidden while processing and shown again on error. */
  const run = useCallback(
    async (pay: () => Promise<SavedOrder>) => {
      setBusy(true);
      setFailure(null);
      setNote(null);
      emit('shell:overlay', { kind: 'loading', show: true, autoHideMs: ctx.flow.overlayMs });
      try {
        const paid = await pay();
        onPaid(paid);
      } catch (error) {
        if (error instanceof PaymentCancelled) {
          setNote(error.text);
          return;
        }
        const f = error instanceof PaymentFailure ? error : new PaymentFailure(t.unexpectedError, t.pleaseRetry);
        if (!(error instanceof PaymentFailure)) console.error('[mf_checkout] payment failed', error);
        setFailure(f);
      } finally {
        emit('shell:overlay', { kind: 'loading', show: false });
        setBusy(false);
      }
    },
    [ctx.flow.overlayMs, onPaid],
  );

  /** Card and wallet: a card payment intent, then the 3-D Secure step when asked, then mark authorized. */
  const payByCard = useCallback(
    async (paymentMethodId: string, via: 'credit' | 'wallet', customerId: string | null): Promise<SavedOrder> => {
      const res = await providerCall(
        'StripeCreatePaymentIntent',
        {
          amount: order.total,
          userInfo: { name: order.userInfo.name, email: order.userInfo.email, phone: order.userInfo.phone },
          ...(customerId ? { stripeCustomerId: customerId } : {}),
          paymentMethodId,
          order: { uniqueOrderId: order.uniqueOrderId },
          method: via,
        },
        t.cardConnectionError,
      );
      if (!res.ok) throw new PaymentFailure(t.cardAuthFailed, res.error?.userMessage ?? t.paymentDeclined);
      if (res.status === 'requires_action') {
        if (live) {
          const { confirmCardAction } = await import('./live/stripe');
          const done = await confirmCardAction(payments.stripePublishableKey!, res.clientSecret);
          if (!done.ok) throw new PaymentFailure(t.cardAuthFailed, done.message);
        } else {
          const approve = await ask('threeDs');
          const confirmed = await providerCall('TestConfirmCardAction', { paymentIntentId: res.paymentIntentId, approve }, t.cardConnectionError);
          if (!confirmed.ok || confirmed.status !== 'requires_capture') throw new PaymentFailure(t.cardAuthFailed, t.paymentDeclined);
        }
      } else if (res.status !== 'requires_capture') {
        throw new PaymentFailure(ctx.flow.id === 'inhouseWithPayTip' ? fill(t.unknownStatusWith, { status: res.status }) : t.unknownStatus);
      }
      return markAuthorizedUntilConfirmed(order.uniqueOrderId, via, abort.current.signal);
    },
    [order, live, payments.stripePublishableKey, ctx.flow.id],
  );

  if (closed) {
    // Rejected, cancelled or expired: nothing can be paid; the cart is kept for a new order.
    return (
      <div className={css.payment} data-testid="step-payment">
        <Notice error testId="payment-closed">
          {closed}
        </Notice>
        <Button block onClick={() => navigateTo('Korb')} data-testid="payment-closed-to-cart">
          {t.backToCart}
        </Button>
      </div>
    );
  }

  return (
    <div className={css.payment} data-testid="step-payment">
      <p className={css.prompt}>{t.choosePaymentMethod}</p>
      <div role="radiogroup" aria-label={t.choosePaymentMethod}>
        {methods.map((m) => (
          <RadioCard key={m} name="payment-method" checked={method === m} onSelect={() => !busy && setMethod(m)} testId={`method-${m}`}>
            <span>{t.methodLabels[m]}</span>
            <Icon name={m === 'customerCard' ? 'stamp' : 'card'} size={20} />
          </RadioCard>
        ))}
      </div>

      {failure ? (
        <Notice error testId="payment-error">
          <strong>{failure.title}</strong>
          {failure.text ? <div>{failure.text}</div> : null}
        </Notice>
      ) : null}
      {note ? <Notice testId="payment-note">{note}</Notice> : null}

      {method === 'credit' ? (
        <CardPanel
          ctx={ctx}
          order={order}
          busy={busy}
          onAddCard={() => setDialog({ kind: 'addCard' })}
          // Another card chosen: the previous card's error no longer applies (an ended order's stays).
          onChoose={() => setFailure((f) => (f?.closed ? f : null))}
          dialogOpen={dialog?.kind === 'addCard'}
          closeDialog={() => setDialog(null)}
          onPay={(pm, customer) => void run(() => payByCard(pm, 'credit', customer))}
        />
      ) : null}

      {method === 'wallet' ? (
        <div className={css.panel}>
          <button
            type="button"
            className={css.walletButton}
            disabled={busy}
            data-testid="wallet-pay"
            onClick={() => {
              if (live) {
                void import('./live/stripe').then(async (m) => {
                  const request = await m.createWalletRequest(payments.stripePublishableKey!, order.total, t.walletLabel);
                  request.show(
                    (pm, complete) =>
                      void run(async () => {
                        try {
                          const paid = await payByCard(pm, 'wallet', null);
                          complete(true);
                          return paid;
                        } catch (error) {
                          // Wallet failure: the payment request completes as fail and the overlay is hidden.
                          complete(false);
                          throw error;
                        }
                      }),
                  );
                });
              } else {
                void run(async () => {
                  if (!(await ask('wallet'))) throw new PaymentFailure(t.cardAuthFailed);
                  return payByCard('pm_card_visa', 'wallet', null);
                });
              }
            }}
          >
            {t.walletPay}
          </button>
          <Consent />
        </div>
      ) : null}

      {method === 'paypal' ? (
        <PaypalPanel ctx={ctx} order={order} busy={busy} run={run} askApproval={() => ask('paypal')} signal={abort.current.signal} />
      ) : null}

      {method === 'customerCard' ? (
        <CustomerCardPanel order={order} busy={busy} run={run} signal={abort.current.signal} onOtherMethod={() => setMethod(null)} />
      ) : null}

      {dialog?.kind === 'threeDs' ? (
        <TestApprovalDialog
          title={t.threeDsTitle}
          text={t.threeDsText}
          amount={order.total}
          approveLabel={t.threeDsApprove}
          testId="three-ds"
          onAnswer={(approve) => {
            dialog.resolve(approve);
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'paypal' ? (
        <TestApprovalDialog
          title={t.testPaypalTitle}
          text={t.testPaypalText}
          amount={order.total}
          approveLabel={t.testPaypalApprove}
          testId="test-paypal"
          onAnswer={(approve) => {
            dialog.resolve(approve);
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'wallet' ? (
        <TestApprovalDialog
          title={t.testWalletTitle}
          text={`${t.walletLabel}: {amount}`}
          amount={order.total}
          approveLabel={t.walletPay}
          testId="test-wallet"
          onAnswer={(approve) => {
            dialog.resolve(approve);
            setDialog(null);
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Whether the order of this payment step has ended (rejected or cancelled by the restaurant, or
 * expired): told live by the order's event channel (the shell follows it) or by a payment call the
 * server refused with the reason. The checkout session ends, so the next attempt is a new order.
 */
function useOrderClosed(order: SavedOrder, failure: PaymentFailure | null): string | null {
  const [closed, setClosed] = useState<string | null>(() => closedOrderText(order) ?? null);
  useEffect(() => {
    if (failure?.closed) setClosed(failure.title);
  }, [failure]);
  useEffect(() => {
    const check = async () => {
      const res = await callAction('LoadDocs', {
        collectionName: 'orders',
        query: { uniqueOrderId: order.uniqueOrderId, ...(order.accessToken ? { accessToken: order.accessToken } : {}) },
      });
      const doc = res.ok ? (res.docs[0] as SavedOrder | undefined) : undefined;
      const text = doc ? closedOrderText(doc) : undefined;
      if (text) setClosed(text);
    };
    const updates = on('orders:order-updated')
      .pipe(filter((e) => e.uniqueOrderId === order.uniqueOrderId))
      .subscribe(() => void check().catch(() => undefined));
    return () => updates.unsubscribe();
  }, [order.uniqueOrderId, order.accessToken]);
  useEffect(() => {
    if (closed) endCheckoutSession();
  }, [closed]);
  return closed;
}

/** The consent sentence with AGB and Datenschutz as links (new tab: the payment in progress stays). */
function Consent() {
  const links: Record<string, { to: string; label: string }> = {
    agb: { to: pathTo('AGB'), label: t.consentAgb },
    privacy: { to: pathTo('Datenschutz'), label: t.consentPrivacy },
  };
  return (
    <p className={css.consent} data-testid="payment-consent">
      {t.consent.split(/(\{agb\}|\{privacy\})/).map((part, index) => {
        const link = links[part.slice(1, -1)];
        return link ? (
          <a key={index} href={link.to} target="_blank" rel="noopener" data-testid={`consent-link-${part.slice(1, -1)}`}>
            {link.label}
          </a>
        ) : (
          part
        );
      })}
    </p>
  );
}

/** Card: saved cards with label and expiry, Karte hinzufügen / Andere Karte, the order button only with a selected card. */
function CardPanel({
  ctx,
  order,
  busy,
  onAddCard,
  dialogOpen,
  closeDialog,
  onPay,
  onChoose,
}: {
  ctx: CheckoutContext;
  order: SavedOrder;
  busy: boolean;
  onAddCard: () => void;
  dialogOpen: boolean;
  closeDialog: () => void;
  onPay: (paymentMethodId: string, customerId: string | null) => void;
  onChoose: () => void;
}) {
  const live = ctx.payments.mode === 'live';
  const [profile, setProfile] = useState<{ customerId: string | null; cards: SavedCard[] } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [showAdd, setShowAdd] = useState(false);

  const load = useCallback(async () => {
    const res = await callAction('GetStripeBuyersProfile', {});
    if (res.ok) setProfile({ customerId: res.stripeCustomerId, cards: res.paymentMethods });
    else setProfile({ customerId: null, cards: [] });
  }, []);
  useEffect(() => {
    void load().catch(() => setProfile({ customerId: null, cards: [] }));
    // The add-card button appears after 500 ms (requirements#checkout-constants).
    const id = window.setTimeout(() => setShowAdd(true), 500);
    return () => window.clearTimeout(id);
  }, [load]);

  const attach = async (paymentMethodId: string, exp?: string) => {
    setAdding(true);
    setError(null);
    try {
      let customerId = profile?.customerId ?? null;
      if (!customerId) {
        const buyer = await providerCall('CreateStripeBuyer', { fuid: buyerFuid(ctx.user), email: order.userInfo.email }, t.cardConnectionError);
        if (!buyer.ok) throw new PaymentFailure(t.unexpectedError, t.pleaseRetry);
        customerId = buyer.stripeCustomerId;
      }
      const res = await providerCall(
        'AttachPaymentMethodToStripe',
        { btaste: order.btaste ?? '', stripeCustomerId: customerId, paymentMethodId, ...(exp && !live ? { testCardExpiry: exp } : {}) },
        t.cardConnectionError,
      );
      if (!res.ok) throw new PaymentFailure(t.unexpectedError, t.pleaseRetry);
      setProfile((p) => ({
        customerId,
        cards: [...(p?.cards ?? []).filter((c) => c.paymentMethodId !== res.paymentMethod.paymentMethodId), res.paymentMethod],
      }));
      setSelected(res.paymentMethod.paymentMethodId);
      onChoose();
      closeDialog();
    } catch (e) {
      setError(e instanceof PaymentFailure ? `${e.title}${e.text ? `: ${e.text}` : ''}` : t.unexpectedError);
    } finally {
      setAdding(false);
    }
  };

  if (!profile) return <Skeleton height={80} />;
  return (
    <div className={css.panel} data-testid="card-panel">
      {profile.cards.length > 0 ? (
        <ul className={css.cards}>
          {profile.cards.map((c) => (
            <li key={c.paymentMethodId}>
              <button
                type="button"
                className={[css.savedCard, selected === c.paymentMethodId ? css.savedCardSelected : ''].join(' ')}
                onClick={() => {
                  if (selected !== c.paymentMethodId) onChoose();
                  setSelected(c.paymentMethodId);
                }}
                aria-pressed={selected === c.paymentMethodId}
                data-testid="saved-card"
              >
                <Icon name="card" size={20} />
                <span className={css.cardLabel}>{c.label}</span>
                <span className={css.cardExp}>{fill(t.cardExpiry, { exp: c.exp })}</span>
                {selected === c.paymentMethodId ? <Icon name="check" size={20} /> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {showAdd ? (
        <Button variant="secondary" onClick={onAddCard} disabled={busy || adding} data-testid="add-card">
          {profile.cards.length > 0 ? t.otherCard : t.addCard}
        </Button>
      ) : null}
      {error ? <Notice error>{error}</Notice> : null}
      {selected && !busy ? (
        <>
          <Consent />
          <Button block onClick={() => onPay(selected, profile.customerId)} data-testid="pay-card">
            {t.placeOrder}
          </Button>
        </>
      ) : null}
      {dialogOpen ? (
        live && ctx.payments.stripePublishableKey ? (
          <Suspense fallback={null}>
            <StripeAddCard
              publishableKey={ctx.payments.stripePublishableKey}
              billing={{ name: order.userInfo.name, email: order.userInfo.email, ...(order.userInfo.phone ? { phone: order.userInfo.phone } : {}) }}
              onPaymentMethod={(id) => void attach(id)}
              onClose={closeDialog}
            />
          </Suspense>
        ) : (
          <TestCardForm busy={adding} onClose={closeDialog} onToken={(token, exp) => void attach(token, exp)} />
        )
      ) : null}
    </div>
  );
}

/** PayPal: create the order, approve (guarded 3 s, only with an order id), authorize, mark authorized. */
function PaypalPanel({
  ctx,
  order,
  busy,
  run,
  askApproval,
  signal,
}: {
  ctx: CheckoutContext;
  order: SavedOrder;
  busy: boolean;
  run: (pay: () => Promise<SavedOrder>) => Promise<void>;
  askApproval: () => Promise<boolean>;
  signal: AbortSignal;
}) {
  const guard = useRef(createPaypalApproveGuard());
  const paypalOrderId = useRef<string | null>(null);

  const createOrder = async (): Promise<string> => {
    const res = await providerCall('CreatePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, negativeTest: false }, t.paypalConnectionError);
    if (!res.ok) throw new PaymentFailure(t.paypalAuthFailed);
    // noLock: a double execution was prevented; the existing PayPal order is used.
    paypalOrderId.current = res.data.paypalOrderId;
    return res.data.paypalOrderId;
  };

  // A double approve event within 3 s is suppressed (requirements#checkout-errors): it neither authorizes
  // twice nor shows an error while the first one runs. It runs only when an order id exists.
  const firstApprove = (id: string): boolean => Boolean(id) && guard.current.tryEnter(Date.now());

  const approve = async (id: string): Promise<SavedOrder> => {
    const res = await providerCall('AuthorizePayPalOrder', { order: { uniqueOrderId: order.uniqueOrderId }, paypalOrderId: id }, t.paypalConnectionError);
    if (!res.ok) throw new PaymentFailure(t.paypalAuthFailed, res.error?.userMessage);
    return markAuthorizedUntilConfirmed(order.uniqueOrderId, 'paypal', signal);
  };

  if (ctx.payments.mode === 'live' && ctx.payments.paypalClientId) {
    return (
      <div className={css.panel} data-testid="paypal-panel">
        <Suspense fallback={<Skeleton height={48} />}>
          <LivePaypalButtons
            clientId={ctx.payments.paypalClientId}
            createOrder={createOrder}
            onApprove={(id) => (firstApprove(id) ? run(() => approve(id)) : Promise.resolve())}
            onError={() => void run(async () => Promise.reject(new PaymentFailure(t.paypalAuthFailed)))}
            onCancel={() => void run(async () => Promise.reject(new PaymentCancelled(t.paypalCancelled)))}
          />
        </Suspense>
        <Consent />
      </div>
    );
  }
  return (
    <div className={css.panel} data-testid="paypal-panel">
      {!busy ? (
        <button
          type="button"
          className={css.paypalButton}
          data-testid="paypal-pay"
          onClick={() =>
            void run(async () => {
              const id = await createOrder();
              if (!(await askApproval())) {
                // Leaving PayPal is a cancel, not a failed authorization (docs/requirements.md#honest-words).
                await providerCall('TestApprovePayPalOrder', { paypalOrderId: id, approve: false }, t.paypalConnectionError);
                throw new PaymentCancelled(t.paypalCancelled);
              }
              await providerCall('TestApprovePayPalOrder', { paypalOrderId: id, approve: true }, t.paypalConnectionError);
              // The test button is hidden while busy, so only a live double event can hit the guard.
              if (!firstApprove(id)) throw new PaymentFailure(t.paypalAuthFailed);
              return approve(id);
            })
          }
        >
          {t.paypalPay}
        </button>
      ) : null}
      <Consent />
    </div>
  );
}

/** Customer card: the CRED balance of the primary card; sufficient pays, else 'nicht ausreichend'. */
function CustomerCardPanel({
  order,
  busy,
  run,
  signal,
  onOtherMethod,
}: {
  order: SavedOrder;
  busy: boolean;
  run: (pay: () => Promise<SavedOrder>) => Promise<void>;
  signal: AbortSignal;
  onOtherMethod: () => void;
}) {
  const [state, setState] = useState<{ rfid: string | null; balance: number; symbol: string } | null>(null);
  useEffect(() => {
    callAction('GetCustomerCards', {}).then(
      (res) => {
        if (!res.ok) return setState({ rfid: null, balance: 0, symbol: '€' });
        const primary = res.cards.find((c) => c.rfid === res.primaryCardId);
        const cred = primary?.accounts.find((a) => a.accountType === 'CRED');
        setState({ rfid: primary?.rfid ?? null, balance: cred?.balance ?? 0, symbol: cred?.symbol ?? '€' });
      },
      () => setState({ rfid: null, balance: 0, symbol: '€' }),
    );
  }, []);
  if (!state) return <Skeleton height={80} />;
  if (!state.rfid) {
    return (
      <div className={css.panel} data-testid="customer-card-panel">
        <Button variant="secondary" onClick={() => navigateTo('Karten')}>
          {t.choosePrimaryCard}
        </Button>
        <Button variant="ghost" onClick={onOtherMethod}>
          {t.chooseOtherMethod}
        </Button>
      </div>
    );
  }
  const sufficient = isCustomerCardSufficient(order.total, state.balance);
  const rfid = state.rfid;
  return (
    <div className={css.panel} data-testid="customer-card-panel">
      <p>{fill(t.customerCardBalance, { amount: formatEuro(state.balance).replace('€', state.symbol) })}</p>
      {sufficient ? (
        <>
          <p>{t.customerCardSufficient}</p>
          <Consent />
          {!busy ? (
            <Button
              block
              data-testid="pay-customer-card"
              onClick={() =>
                void run(async () => {
                  const res = await providerCall('CustomerCardAuthorize', { order: { uniqueOrderId: order.uniqueOrderId }, rfid }, t.cardConnectionError);
                  if (!res.ok) throw new PaymentFailure(t.cardAuthFailed, res.error?.userMessage ?? t.customerCardInsufficient);
                  return markAuthorizedUntilConfirmed(order.uniqueOrderId, 'customerCard', signal);
                })
              }
            >
              {t.placeOrder}
            </Button>
          ) : null}
        </>
      ) : (
        <>
          <p>{t.customerCardInsufficient}</p>
          <Button variant="secondary" onClick={() => navigateTo('Karten')}>
            {t.chooseOtherCard}
          </Button>
          <Button variant="ghost" onClick={onOtherMethod}>
            {t.chooseOtherMethod}
          </Button>
        </>
      )}
    </div>
  );
}
