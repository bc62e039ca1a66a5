import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react';
import type { SavedOrder } from '@shop/shared/contract';
import { emit, inform } from '@shop/shared/bus';
import { cartCommand } from '@shop/shared/commands/cart';
import { isAccountHolder } from '@shop/shared/domain/account-holder';
import { productLines } from '@shop/shared/domain/cart';
import { checkoutRedirect, needsHumanCheck, type StepKind } from '@shop/shared/domain/checkout-flow';
import { hasErrors, normaliseEmail, phoneError, timeChoiceError, validatePersonalData, type FieldErrors } from '@shop/shared/domain/checkout-validation';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { buildOrderDraft } from '@shop/shared/domain/order-payload';
import { createSubmitGuard } from '@shop/shared/domain/submit-guard';
import { findOfferedSlot, pickupDays, preparationDelayMinutes, type DaySlots } from '@shop/shared/domain/time-slots';
import { DEFAULT_TIP_PERCENT, type TipPercent } from '@shop/shared/domain/tip';
import { formatEuro } from '@shop/shared/domain/money';
import { de, fill } from '@shop/shared/i18n';
import { useStore } from '@shop/shared/react';
import { navigateTo, redirectTo } from '@shop/shared/routes';
import { drinkMenuStore, foodMenuStore, pushTokenStore, refreshAppData, selectedTimeStore } from '@shop/shared/stores';
import { waitForBrowserId } from '@shop/shared/client';
import { Notice, Page, Skeleton, backInShopOr } from '@shop/shared/ui';
import { ConfirmStep } from '../steps/ConfirmStep';
import { DataStep } from '../steps/DataStep';
import { TimeStep, type TimeChoice } from '../steps/TimeStep';
import { TipStep } from '../steps/TipStep';
import { CashCaptcha, type CaptchaValue } from '../steps/CashCaptcha';
import { CheckoutFrame } from './CheckoutFrame';
import { finishOrder, rememberOrder } from './finish-order';
import { headline, stepLabel } from './labels';
import { saveOrder } from './save-order';
import { abandonUnpaidOrder } from './abandon';
import { captchaRetryStore, checkoutClientId, endCheckoutSession, pendingPaymentStore } from './session';
import { cartWithFlowFees, checkoutTotals } from './totals';
import { useCheckoutContext, type CheckoutContext } from './use-checkout-context';
import { useCheckoutForm } from './use-checkout-form';
import type { FlowId } from '@shop/shared/domain/checkout-validation';
import css from './checkout.module.css';

const PaymentStep = lazy(() => import('../payment/PaymentStep'));

const t = de.checkout;

/** One checkout route: loads the context, then runs the flow. */
export function CheckoutRoute({ flowId }: { flowId: FlowId }) {
  const state = useCheckoutContext(flowId);
  if (state.status === 'loading') {
    return (
      <Page testId="checkout-loading">
        <Skeleton height={320} />
      </Page>
    );
  }
  if (state.status === 'failed') {
    return (
      <Page testId="checkout-init-failed">
        <Notice error>{t.initFailed}</Notice>
      </Page>
    );
  }
  return <CheckoutFlow ctx={state.ctx} />;
}

function slotDays(ctx: CheckoutContext, now: number): [DaySlots, DaySlots] {
  const block = ctx.flow.mode === 'delivery' ? ctx.config.delivery : ctx.config.takeAway;
  const delay = preparationDelayMinutes(
    block.delayInMinutes,
    productLines(ctx.cart).map((l) => l.delay),
  );
  return pickupDays({ now, openingHours: block.openingHours, delayMinutes: delay });
}

function initialTimeChoice(days: readonly DaySlots[]): TimeChoice {
  const offered = findOfferedSlot(days, selectedTimeStore.get());
  if (offered) return { day: offered.day, slot: offered.slot };
  const firstOpen = days.find((d) => !d.closed) ?? days[0]!;
  return { day: firstOpen, slot: null };
}

function CheckoutFlow({ ctx }: { ctx: CheckoutContext }) {
  const { flow, config, features } = ctx;
  const [form, updateForm] = useCheckoutForm(ctx);
  const [stepIndex, setStepIndex] = useState(0);
  const [attempted, setAttempted] = useState<ReadonlySet<StepKind>>(new Set());
  const [touched, setTouched] = useState(false);
  const [tipPercent, setTipPercent] = useState<TipPercent>(DEFAULT_TIP_PERCENT);
  const [mehrwegChosen, setMehrwegChosen] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaValue | null>(null);
  const [busy, setBusy] = useState(false);
  const [methodLabel, setMethodLabel] = useState<string | undefined>(undefined);
  const [doneState, setDone] = useState<SavedOrder | null>(null);
  const pending = useStore(pendingPaymentStore);
  const [savedOrder, setSavedOrder] = useState<SavedOrder | null>(() => (pending && pending.flow === flow.id ? pending.order : null));
  const guard = useRef(createSubmitGuard());
  // Set at once when the order is finished: emptying the cart re-renders synchronously (a store
  // update) before the `done` state arrives, and must not be read as "cart empty, go home".
  const doneRef = useRef<SavedOrder | null>(null);
  const done = doneState ?? doneRef.current;

  const hasTime = flow.steps.includes('time');
  const [now, setNow] = useState(() => Date.now());
  const days = useMemo(() => (hasTime ? slotDays(ctx, now) : null), [hasTime, ctx, now]);
  const [timeChoice, setTimeChoice] = useState<TimeChoice | null>(() => (days ? initialTimeChoice(days) : null));

  // The appconfig reload runs at mount and every 30 s (requirements#checkout-calls); slots follow the clock.
  useEffect(() => {
    const id = window.setInterval(() => {
      void refreshAppData().catch(() => undefined);
      setNow(Date.now());
    }, CHECKOUT_CONSTANTS.appconfigReloadMs);
    return () => window.clearInterval(id);
  }, []);
  useEffect(() => {
    if (!days || !timeChoice) return;
    const day = days.find((d) => d.kind === timeChoice.day.kind) ?? days[0];
    const slot = timeChoice.slot ? (day.slots.find((s) => s.utc === timeChoice.slot!.utc) ?? null) : null;
    if (day !== timeChoice.day || slot !== timeChoice.slot) setTimeChoice({ day, slot });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [days]);

  const step = flow.steps[stepIndex]!;
  const totals = checkoutTotals({
    cart: ctx.cart,
    flow,
    usecase: ctx.usecase,
    config,
    offers: ctx.offers,
    tipPercent: flow.steps.includes('tip') ? tipPercent : null,
    now,
  });

  // Fee lines (online service fee, delivery fee) are in the cart while the checkout is open.
  const products = productLines(ctx.cart).length;
  useEffect(() => {
    if (products === 0 || doneRef.current) return;
    // The cart's own command sets them (docs/requirements.md#cart-protection).
    void cartCommand('setFees', { fees: totals.fees }).catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [products, ctx.cart, totals.fees.map((f) => `${f.id}=${f.amount}`).join()]);
  useEffect(
    () => () => {
      if (!doneRef.current) void cartCommand('removeFees', {}).catch(() => undefined);
    },
    [],
  );

  const redirect = done
    ? null
    : checkoutRedirect({
        flow,
        cart: ctx.cart,
        sum: totals.subtotal,
        orderingEnabled: ctx.orderingEnabled,
        flowEnabled: ctx.flowEnabled,
        table: ctx.table.table,
        area: ctx.table.area,
        storedTotal: step === 'payment' && savedOrder ? savedOrder.total : null,
        currentTotal: totals.total,
      });
  const redirectTarget = redirect?.to;
  useEffect(() => {
    if (redirectTarget) redirectTo(redirectTarget);
  }, [redirectTarget]);

  const validationCtx = {
    selfService: ctx.selfService,
    allowedDeliveryPlz: config.allowedDeliveryPlz,
    customerCardPath: false,
  };
  const dataErrors = validatePersonalData(flow.id, form, validationCtx);
  const showDataErrors: FieldErrors = attempted.has('data') || (flow.id === 'inhouseWithPayTip' && touched) ? dataErrors : {};
  const timeError =
    timeChoice && attempted.has('time')
      ? timeChoiceError({ dayClosed: timeChoice.day.closed, slot: timeChoice.slot }, flow.mode === 'delivery' ? 'delivery' : 'pickup')
      : undefined;

  // After the silent reload for a mistyped captcha the guest's data and time are still there:
  // the flow reopens at its last step with a new code and says why.
  const [captchaRetry] = useState(() => {
    const retry = captchaRetryStore.get();
    if (retry) captchaRetryStore.reset();
    return retry && needsHumanCheck({ usecase: ctx.usecase, onlinePay: flow.onlinePay });
  });
  useEffect(() => {
    if (!captchaRetry) return;
    const timeOk = !timeChoice || !timeChoiceError({ dayClosed: timeChoice.day.closed, slot: timeChoice.slot }, 'pickup');
    if (!hasErrors(dataErrors) && timeOk) setStepIndex(flow.steps.indexOf('confirm'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const markAttempted = (kind: StepKind) => setAttempted((s) => new Set([...s, kind]));
  const goTo = (kind: StepKind) => setStepIndex(flow.steps.indexOf(kind));

  function complete(order: SavedOrder) {
    doneRef.current = order;
    setDone(order);
    // Stamps are for account holders: a guest, also an anonymous guest session, is asked to sign in.
    finishOrder(order, flow, { askGuestToLogin: !isAccountHolder(ctx.user) && features.enableStempel });
  }

  async function place(): Promise<void> {
    if (!guard.current.tryEnter(Date.now())) return;
    setBusy(true);
    emit('shell:overlay', { kind: 'loading', show: true, autoHideMs: flow.overlayMs });
    try {
      const browserId = await waitForBrowserId();
      const input = {
        flow: flow.id,
        clientId: '',
        now: Date.now(),
        cart: cartWithFlowFees(ctx.cart, totals),
        itemsTotal: totals.itemsTotal,
        tip: totals.tip,
        total: totals.total,
        form: { ...form, email: normaliseEmail(form.email) },
        fuid: ctx.user?.uid ?? null,
        browserId,
        host: window.location.hostname,
        selfService: ctx.selfService,
        orderNoteEnabled: features.enableOrderNote,
        stamp: { enabled: features.enableStempel, type: config.stamp.type },
        table: ctx.table.table,
        area: ctx.table.area,
        filialnummer: ctx.branch.filialnummer,
        userAgent: navigator.userAgent.slice(0, 300),
        // This device's push token, if it has one (requirements#order-entities pushToken).
        pushToken: pushTokenStore.get(),
        // The menu version the guest ordered from (requirements#order-entities lastMenuUpdate).
        lastMenuUpdate: Math.max(foodMenuStore.get()?.lastModified ?? 0, drinkMenuStore.get()?.lastModified ?? 0),
        ...(timeChoice ? { day: timeChoice.day.date, slot: timeChoice.slot } : {}),
        ...(flow.mode === 'takeaway' ? { pickupAddress: ctx.branch.pickupAddress } : {}),
        ...(flow.mode === 'takeaway' && features.enableMehrwegOption
          ? { mehrweg: { enabled: true, chosen: mehrwegChosen, companyName: config.mehrwegCompanyName } }
          : {}),
      };
      if (flow.id === 'digital') Object.assign(input, { day: slotDays(ctx, input.now)[0].date });
      const draftWithoutId = buildOrderDraft(input);
      // One order per checkout: going back and changing time, note, data or tip updates that order.
      const clientId = checkoutClientId(flow.id, abandonUnpaidOrder);
      const draft = { ...draftWithoutId, clientId, ...(captcha ? { captcha: { payload: captcha.payload } } : {}) };
      const outcome = await saveOrder(draft, flow);
      if (outcome.kind === 'reload') {
        if (outcome.reason === 'captcha') captchaRetryStore.set(true);
        if (outcome.silent) window.location.reload();
        return;
      }
      if (outcome.kind === 'closed') {
        // The restaurant rejected (or cancelled) this order meanwhile, or it expired: the cart stays,
        // the next attempt is a new order.
        endCheckoutSession();
        setSavedOrder(null);
        guard.current.release();
        await inform(outcome.text);
        goTo(flow.steps[0]!);
        return;
      }
      if (outcome.kind === 'failed') {
        guard.current.release();
        await inform(outcome.title, outcome.text);
        return;
      }
      if (!flow.onlinePay) {
        complete(outcome.order);
        return;
      }
      rememberOrder(outcome.order);
      pendingPaymentStore.set({ flow: flow.id, uniqueOrderId: outcome.order.uniqueOrderId, total: outcome.order.total, order: outcome.order });
      setSavedOrder(outcome.order);
      guard.current.release();
      goTo('payment');
    } catch (error) {
      guard.current.release();
      console.error('[mf_checkout] placing the order failed', error);
      emit('shell:overlay', { kind: 'toast', text: t.stepException });
    } finally {
      emit('shell:overlay', { kind: 'loading', show: false });
      setBusy(false);
    }
  }

  async function next(): Promise<void> {
    if (busy) return;
    markAttempted(step);
    switch (step) {
      case 'data': {
        // The minimum first: a guest below it is not made to fill in an address first (docs/requirements.md#honest-words).
        if (totals.minOrder.missing > 0) {
          await inform(fill(t.minOrder, { amount: formatEuro(totals.minOrder.amount) }));
          navigateTo('Korb');
          return;
        }
        if (hasErrors(dataErrors)) return;
        updateForm({ email: normaliseEmail(form.email) });
        if (flow.saveAfter === 'data') await place();
        else setStepIndex(stepIndex + 1);
        return;
      }
      case 'time': {
        if (!timeChoice || timeChoiceError({ dayClosed: timeChoice.day.closed, slot: timeChoice.slot }, flow.mode === 'delivery' ? 'delivery' : 'pickup'))
          return;
        if (timeChoice.slot) selectedTimeStore.set(timeChoice.slot);
        if (flow.saveAfter === 'time') await place();
        else setStepIndex(stepIndex + 1);
        return;
      }
      case 'tip': {
        if (flow.saveAfter === 'tip') await place();
        else setStepIndex(stepIndex + 1);
        return;
      }
      case 'confirm': {
        // A guest's phone is checked again on ordering (requirements#checkout-validation pickup-payment flow).
        if (flow.id === 'takeaway' && !ctx.user && phoneError(form.phone, CHECKOUT_CONSTANTS.phoneMinPickup)) {
          await inform(t.phoneNeeded);
          goTo('data');
          return;
        }
        await place();
        return;
      }
      case 'payment':
        return;
    }
  }

  function back() {
    if (stepIndex > 0) setStepIndex(stepIndex - 1);
    else backInShopOr(() => navigateTo('Korb'));
  }

  if (redirect && !done) return null;

  const captchaNeeded = step === 'confirm' && needsHumanCheck({ usecase: ctx.usecase, onlinePay: flow.onlinePay });
  const canSubmit = !busy && (!captchaNeeded || captcha !== null) && !(flow.id === 'inhouseWithPayTip' && step === 'data' && hasErrors(dataErrors));
  const primaryLabel = step === 'confirm' || (flow.steps.length === 1 && step === 'data') ? t.placeOrder : t.next;

  return (
    <CheckoutFrame
      flow={flow}
      headline={headline(flow, ctx.table, totals.total)}
      stepLabels={flow.steps.map((s) => stepLabel(flow, s, flow.id === 'inhouseWithPayTip' ? methodLabel : undefined))}
      stepIndex={stepIndex}
      totals={totals}
      done={done}
      testMode={ctx.payments.mode === 'test' && flow.onlinePay}
      onBack={back}
      onCancel={() => {
        const pending = pendingPaymentStore.get();
        if (pending && pending.flow === flow.id) abandonUnpaidOrder(pending.uniqueOrderId);
        endCheckoutSession();
      }}
      {...(step !== 'payment' ? { primary: { label: primaryLabel, onClick: () => void next(), disabled: !canSubmit } } : {})}
    >
      {step === 'data' ? (
        <>
          {totals.minOrder.applies && totals.minOrder.missing > 0 ? (
            // Shown at once, before any field is filled (delivery has its own, higher minimum).
            <Notice testId="checkout-min-order">{fill(t.minOrder, { amount: formatEuro(totals.minOrder.amount) })}</Notice>
          ) : null}
          <DataStep
            flowId={flow.id}
            form={form}
            update={(patch) => {
              setTouched(true);
              updateForm(patch);
            }}
            errors={showDataErrors}
            features={features}
            selfService={ctx.selfService}
            onEnter={() => void next()}
            {...(flow.mode === 'takeaway' && flow.id !== 'digital' && features.enableMehrwegOption
              ? { mehrweg: { chosen: mehrwegChosen, companyName: config.mehrwegCompanyName, onChange: setMehrwegChosen } }
              : {})}
          />
          {flow.id === 'inhouse' ? <p className={css.hint}>{ctx.selfService ? t.payOnPickupInfo : t.payToWaiterInfo}</p> : null}
          {flow.id === 'digital' ? <p className={css.hint}>{t.ticketsByEmail}</p> : null}
        </>
      ) : null}
      {step === 'time' && days && timeChoice ? (
        <TimeStep
          days={days}
          choice={timeChoice}
          onChange={setTimeChoice}
          error={timeError}
          pickupAddress={flow.mode === 'takeaway' ? ctx.branch.pickupAddress : undefined}
        />
      ) : null}
      {step === 'tip' ? <TipStep payerSum={totals.payerSum} percent={tipPercent} onChange={setTipPercent} /> : null}
      {step === 'confirm' ? (
        <ConfirmStep flowId={flow.id} slotDisplay={timeChoice?.slot?.display}>
          {captchaNeeded && captchaRetry ? (
            <Notice error testId="captcha-wrong">
              {t.captchaWrong}
            </Notice>
          ) : null}
          {captchaNeeded ? <CashCaptcha value={captcha} onChange={setCaptcha} /> : null}
        </ConfirmStep>
      ) : null}
      {step === 'payment' && savedOrder ? (
        <Suspense fallback={<Skeleton height={200} />}>
          <PaymentStep ctx={ctx} order={savedOrder} onPaid={complete} onBack={back} onMethod={setMethodLabel} />
        </Suspense>
      ) : null}
    </CheckoutFrame>
  );
}
