import { useEffect, useRef, type ReactNode } from 'react';
import type { SavedOrder } from '@shop/shared/contract';
import type { FlowDef } from '@shop/shared/domain/checkout-flow';
import { formatEuro } from '@shop/shared/domain/money';
import { de, fill } from '@shop/shared/i18n';
import { navigateTo } from '@shop/shared/routes';
import { Button, Icon, Page, TestModeBadge, backInShopOr, focusHeading } from '@shop/shared/ui';
import type { CheckoutTotals } from './totals';
import css from './checkout.module.css';

const t = de.checkout;

export interface FrameProps {
  flow: FlowDef;
  headline: string;
  stepLabels: readonly string[];
  stepIndex: number;
  totals: CheckoutTotals;
  done: SavedOrder | null;
  testMode: boolean;
  onBack: () => void;
  /** 'Bestellung abbrechen': before the browser goes back, the checkout drops its unpaid order. */
  onCancel?: () => void;
  primary?: { label: string; onClick: () => void; disabled?: boolean };
  children: ReactNode;
}

/** Headline, stepper, sums and the common buttons of every checkout (requirements#checkout-screens). */
export function CheckoutFrame({ flow, headline, stepLabels, stepIndex, totals, done, testMode, onBack, onCancel, primary, children }: FrameProps) {
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(stepIndex);
  const stepOf = fill(t.stepOf, { n: stepIndex + 1, count: stepLabels.length });
  const stepName = stepLabels[stepIndex] ?? '';
  // Each new step's heading receives focus and the change is announced (docs/requirements.md#checkout-guard).
  useEffect(() => {
    if (shownStep.current === stepIndex) return;
    shownStep.current = stepIndex;
    if (stepHeading.current) focusHeading(stepHeading.current, { announcement: `${stepOf}: ${stepName}` });
  }, [stepIndex, stepOf, stepName]);
  if (done) {
    return (
      <Page testId="checkout-success">
        <div className={css.success} role="status">
          <Icon name="check" size={48} />
          <h1>{flow.inhouse && flow.onlinePay ? t.paymentSucceeded : t.orderSent}</h1>
          <p>
            {t.total}: <strong>{formatEuro(done.total)}</strong>
          </p>
        </div>
      </Page>
    );
  }
  const vertical = flow.id === 'inhouseWithPayTip';
  return (
    <Page testId={`checkout-${flow.id}`}>
      <h1 className={css.headline} data-testid="checkout-headline">
        {headline}
        {flow.id === 'inhouseWithPayTip' ? (
          <span className={css.headlineTotal}>
            {' · '}
            {t.grandTotal} {formatEuro(totals.total)}
          </span>
        ) : null}
      </h1>
      {testMode ? (
        <div className={css.testMode} data-testid="payment-test-mode">
          <TestModeBadge />
        </div>
      ) : null}
      <ol className={[css.stepper, vertical ? css.vertical : ''].join(' ')} aria-label={stepOf}>
        {stepLabels.map((label, i) => (
          <li
            key={label}
            className={[css.stepItem, i === stepIndex ? css.stepActive : '', i < stepIndex ? css.stepDone : ''].join(' ')}
            aria-current={i === stepIndex ? 'step' : undefined}
            data-testid={`stepper-${i}`}
          >
            <span className={css.stepNumber} aria-hidden="true">
              {i < stepIndex ? <Icon name="check" size={16} /> : i + 1}
            </span>
            <span className={css.stepLabel}>{label}</span>
          </li>
        ))}
      </ol>

      <section className={css.card} aria-labelledby="checkout-step-heading">
        <h2 className={css.stepHeading} id="checkout-step-heading" ref={stepHeading} tabIndex={-1} data-testid="checkout-step-heading">
          <span className={css.srOnly}>{`${stepOf}: `}</span>
          {stepName}
        </h2>
        {children}
      </section>

      <dl className={css.sums} data-testid="checkout-sums">
        <div>
          <dt>{t.itemsTotal}</dt>
          <dd>{formatEuro(totals.itemsTotal)}</dd>
        </div>
        {totals.breakdown.discountTotal > 0 ? (
          <div data-testid="sum-discount">
            <dt>{t.discountLine}</dt>
            <dd>−{formatEuro(totals.breakdown.discountTotal)}</dd>
          </div>
        ) : null}
        {totals.fees.map((fee) => (
          <div key={fee.id} data-testid={`fee-${fee.id}`}>
            <dt>{fee.name}</dt>
            <dd>{formatEuro(fee.amount)}</dd>
          </div>
        ))}
        {totals.tip > 0 ? (
          <div data-testid="sum-tip">
            <dt>{t.tipLine}</dt>
            <dd>{formatEuro(totals.tip)}</dd>
          </div>
        ) : null}
        <div className={css.grand}>
          <dt>
            {t.total} <span className={css.vat}>{de.cart.inclVat}</span>
          </dt>
          <dd data-testid="checkout-total">{formatEuro(totals.total)}</dd>
        </div>
      </dl>

      {primary ? (
        // Only the primary action sticks (with the total, so the sum stays in view); the rest follows the content.
        <div className={css.actions} data-fixed-layer="bottom">
          <div className={css.stickyTotal}>
            <span>{t.total}</span>
            <strong data-testid="checkout-sticky-total">{formatEuro(totals.total)}</strong>
          </div>
          <Button block onClick={primary.onClick} disabled={primary.disabled} data-testid="checkout-next">
            {primary.label}
          </Button>
        </div>
      ) : null}
      <div className={css.secondaryActions}>
        <Button variant="ghost" onClick={onBack} data-testid="checkout-back">
          {t.back}
        </Button>
        <Button variant="ghost" onClick={() => navigateTo('Korb')} data-testid="checkout-to-cart">
          {t.backToCart}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            onCancel?.();
            backInShopOr(() => navigateTo('Korb'));
          }}
          data-testid="checkout-cancel"
        >
          {t.cancelOrder}
        </Button>
      </div>

      <footer className={css.trust}>
        <span>
          <Icon name="info" size={16} /> {t.sslSeal}
        </span>
        {flow.onlinePay ? (
          // The online card brands; paying on site has its own list (payAtPickupMethods).
          <span data-testid="checkout-card-badge">
            <Icon name="card" size={16} /> {t.cardBadge}
          </span>
        ) : null}
      </footer>
    </Page>
  );
}
