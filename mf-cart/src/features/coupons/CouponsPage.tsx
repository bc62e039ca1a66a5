import { useState } from 'react';
import type { Coupon } from '@shop/shared/contract';
import { de } from '@shop/shared/i18n';
import { useAsync, useStore } from '@shop/shared/react';
import { authStore, orderModeStore } from '@shop/shared/stores';
import { Empty, Icon, Page, Skeleton } from '@shop/shared/ui';
import { loadCoupons } from '../../data/offers';
import { couponValueText } from '../../data/redeem';
import { savedCoupons, savedCouponsStore } from '../../data/saved-coupons';
import { CouponDialog } from './CouponDialog';
import css from './coupons.module.css';

const t = de.cart;

function CouponCard({ coupon, onOpen }: { coupon: Coupon; onOpen: (c: Coupon) => void }) {
  return (
    <li>
      <button type="button" className={css.card} onClick={() => onOpen(coupon)} data-testid="coupon-card" data-coupon-code={coupon.couponCode}>
        <span className={css.cardIcon}>
          <Icon name="gift" size={26} />
        </span>
        <span className={css.cardBody}>
          <span className={css.cardTitle}>{coupon.title}</span>
          <span className={css.cardValue}>{coupon.applicable ? couponValueText(coupon) : t.promoTitle}</span>
        </span>
        <Icon name="chevronRight" />
      </button>
    </li>
  );
}

/** Coupons and Gutscheine (requirements#screens route table): the visible coupons, then the ones saved on this device. */
export function CouponsPage({ title }: { title: string }) {
  const user = useStore(authStore);
  const mode = useStore(orderModeStore);
  const saved = useStore(savedCouponsStore);
  const state = useAsync(() => loadCoupons(), [user?.uid]);
  const [open, setOpen] = useState<Coupon | null>(null);
  const listed = state.status === 'ready' ? state.value : [];
  const listedCodes = new Set(listed.map((c) => c.couponCode));
  const mine = savedCoupons(saved, Date.now()).filter((c) => !listedCodes.has(c.couponCode));

  return (
    <Page title={title} testId="coupons-page">
      {state.status === 'loading' ? (
        <Skeleton height={88} />
      ) : listed.length === 0 && mine.length === 0 ? (
        <Empty testId="coupons-empty">
          <p>{t.couponsEmpty}</p>
        </Empty>
      ) : (
        <ul className={css.list}>
          {listed.map((c) => (
            <CouponCard key={c.couponCode} coupon={c} onOpen={setOpen} />
          ))}
        </ul>
      )}
      {mine.length > 0 ? (
        <>
          <h2 className={css.subTitle}>{t.savedCoupons}</h2>
          <ul className={css.list}>
            {mine.map((c) => (
              <CouponCard key={c.couponCode} coupon={c} onOpen={setOpen} />
            ))}
          </ul>
        </>
      ) : null}
      {open ? <CouponDialog coupon={open} mode={mode} onClose={() => setOpen(null)} /> : null}
    </Page>
  );
}
