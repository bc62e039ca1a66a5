import { useState } from 'react';
import { emit } from '@shop/shared/bus';
import type { Coupon, OrderMode } from '@shop/shared/contract';
import { couponState } from '@shop/shared/domain/coupons';
import { de, fill } from '@shop/shared/i18n';
import { Button } from '@shop/shared/ui';
import { couponValueText, putCouponInCart, refusalText, validUntilText } from '../../data/redeem';
import { Dialog } from '../../ui/Dialog';
import css from './coupons.module.css';

const t = de.cart;

/** The coupon's rules as the guest reads them (requirements#entities coupon fields). */
export function CouponFacts({ coupon }: { coupon: Coupon }) {
  return (
    <ul className={css.facts}>
      <li className={css.value}>{couponValueText(coupon)}</li>
      {coupon.validUntil !== undefined ? <li>{validUntilText(coupon.validUntil)}</li> : null}
      {!coupon.combinable ? <li>{t.couponNotCombinable}</li> : null}
      {!coupon.allowMulti ? <li>{t.couponSingleUse}</li> : null}
    </ul>
  );
}

/**
 * The coupon dialog (requirements#screens overlays): what the coupon gives and 'In den Korb'; for a
 * display-only coupon (applicable false) the promo dialog, which only informs.
 */
export function CouponDialog({ coupon, mode, onClose, onAdded }: { coupon: Coupon; mode: OrderMode; onClose: () => void; onAdded?: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const state = couponState(coupon, Date.now());
  const promo = state === 'not-applicable';

  const add = async () => {
    setBusy(true);
    try {
      const outcome = await putCouponInCart(coupon, mode);
      if (outcome.kind === 'added') {
        emit('shell:overlay', { kind: 'snackbar', text: fill(t.couponAdded, { title: coupon.title }) });
        onClose();
        onAdded?.();
      } else if (outcome.kind === 'refused') setError(outcome.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={promo ? t.promoTitle : coupon.title}
      onClose={onClose}
      testId={promo ? 'promo-dialog' : 'coupon-dialog'}
      actions={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t.couponClose}
          </Button>
          {!promo && state === 'ok' ? (
            <Button onClick={add} disabled={busy} data-testid="coupon-to-cart">
              {t.couponToCart}
            </Button>
          ) : null}
        </>
      }
    >
      {promo ? <p className={css.promoTitle}>{coupon.title}</p> : null}
      {coupon.text ? <p className={css.text}>{coupon.text}</p> : null}
      {promo ? <p className={css.text}>{t.couponShownOnly}</p> : <CouponFacts coupon={coupon} />}
      {state !== 'ok' && !promo ? (
        <p className={css.error} role="alert">
          {refusalText({ kind: state })}
        </p>
      ) : null}
      {error ? (
        <p className={css.error} role="alert" data-testid="coupon-error">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
