import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { Coupon } from '@shop/shared/contract';
import { de } from '@shop/shared/i18n';
import { Link, useAsync, useStore } from '@shop/shared/react';
import { navigateTo } from '@shop/shared/routes';
import { orderModeStore } from '@shop/shared/stores';
import { Empty, Page, buttonClass } from '@shop/shared/ui';
import { lookUpCode } from '../../data/redeem';
import { rememberCoupon } from '../../data/saved-coupons';
import { CodeEntry } from '../cart/CodeEntry';
import { CouponDialog } from './CouponDialog';

const t = de.cart;

/** Einloesen/{couponCode} (requirements#screens): opens the coupon of a link in the coupon (or promo) dialog. */
export function RedeemPage() {
  const { couponCode } = useParams();
  const mode = useStore(orderModeStore);
  const [closed, setClosed] = useState(false);
  const [promo, setPromo] = useState<Coupon | null>(null);
  const [added, setAdded] = useState(false);
  // Navigate after the dialog is gone (its navigation guard would cancel the move otherwise).
  useEffect(() => {
    if (added) navigateTo('Korb');
  }, [added]);
  const [signInRequired, setSignInRequired] = useState(false);
  const state = useAsync<Coupon | null>(async () => {
    if (!couponCode) return null;
    const found = await lookUpCode(couponCode);
    setSignInRequired(found.signInRequired);
    if (found.coupon) rememberCoupon(found.coupon, Date.now());
    return found.coupon;
  }, [couponCode]);

  return (
    <Page title={t.redeemTitle} testId="redeem-page">
      {state.status === 'loading' ? <p>{t.redeemLoading}</p> : null}
      {state.status !== 'loading' && (!couponCode || (state.status === 'ready' && state.value === null) || state.status === 'error') ? (
        <>
          {couponCode ? (
            <p role="alert" data-testid="redeem-unknown">
              {signInRequired ? t.codeSignInRequired : t.codeUnknown}
            </p>
          ) : null}
          <CodeEntry mode={mode} onPromo={setPromo} />
        </>
      ) : null}
      {state.status === 'ready' && state.value && closed ? (
        <Empty>
          <Link to="Korb" className={buttonClass()}>
            {t.toCart}
          </Link>
        </Empty>
      ) : null}
      {state.status === 'ready' && state.value && !closed ? (
        <CouponDialog coupon={state.value} mode={mode} onClose={() => setClosed(true)} onAdded={() => setAdded(true)} />
      ) : null}
      {promo ? <CouponDialog coupon={promo} mode={mode} onClose={() => setPromo(null)} /> : null}
    </Page>
  );
}
