import { useEffect, useState } from 'react';
import { navigateToUrl } from 'single-spa';
import { emit, inform } from '@shop/shared/bus';
import { askOrCancel } from '@shop/shared/commands/questions';
import type { Coupon, ProductLine } from '@shop/shared/contract';
import { callAction } from '@shop/shared/client';
import { runCheckoutQuestions } from '@shop/shared/domain/checkout-flow';
import { addCouponLine, stampCouponLine } from '@shop/shared/domain/coupons';
import { formatEuro } from '@shop/shared/domain/money';
import { fullCardPoints } from '@shop/shared/domain/stamps';
import { de, fill } from '@shop/shared/i18n';
import { Link, useStore } from '@shop/shared/react';
import { pathTo } from '@shop/shared/routes';
import { appDataStore, authStore, cartStore, tableStore } from '@shop/shared/stores';
import { Button, Empty, Notice, Page, buttonClass } from '@shop/shared/ui';
import { useCartView } from '../../data/cart-context';
import { updateCart } from '../../data/commands';
import { ensureLookup } from '../../data/menu-lookup';
import { loadCoupons } from '../../data/offers';
import { refusalText } from '../../data/redeem';
import { useCartLocked } from '../../data/use-lock';
import { CouponDialog } from '../coupons/CouponDialog';
import { CartLines } from './CartLines';
import { CodeEntry } from './CodeEntry';
import { NoteDialog } from './NoteDialog';
import { ShareCart } from './ShareCart';
import { StampTeaser } from './StampTeaser';
import { SumTable } from './SumTable';
import css from './cart.module.css';

const t = de.cart;

/** The signed-in user's stamp card when it is full (requirements#entities stamp line, requirements#checkout-behaviour question). */
async function fullStampCard(): Promise<{ uid: string; discount: number } | null> {
  const user = authStore.getValue();
  if (!user) return null;
  try {
    const res = await callAction('LoadStempelkarte', { fuid: user.uid });
    return res.ok && res.stempelkarte.punktestand >= fullCardPoints() ? { uid: user.uid, discount: res.stempelkarte.discount } : null;
  } catch {
    return null;
  }
}

/** Adds the stamp line ('stempel-' + user id); the server checks and consumes the card with the order. */
async function redeemStampCard(card: { uid: string; discount: number }): Promise<void> {
  const now = Date.now();
  const line = stampCouponLine(card.uid, fill(t.stampCouponTitle, { amount: formatEuro(card.discount) }), card.discount, now);
  const result = addCouponLine(cartStore.get(), line, now);
  if (!result.ok) {
    if (result.refusal.kind !== 'stamp-duplicate') await inform(refusalText(result.refusal));
    return;
  }
  updateCart(() => result.cart);
}

/** Korb (requirements#screens Cart screen): item table, notes, sum table, code entry, stamp teaser, bottom bar. */
export function CartPage() {
  const view = useCartView();
  const locked = useCartLocked();
  const table = useStore(tableStore);
  const [noteLine, setNoteLine] = useState<ProductLine | null>(null);
  const [promo, setPromo] = useState<Coupon | null>(null);
  const [busy, setBusy] = useState(false);
  const { cart, breakdown, features, mode } = view;

  // Fresh offers and menus for the prices shown here (the floating bar keeps them fresh elsewhere).
  useEffect(() => {
    void loadCoupons().catch(() => undefined);
    void ensureLookup().catch(() => undefined);
  }, []);

  if (cart.filter((l) => l.kind !== 'fee').length === 0) {
    return (
      <Page title={t.title} testId="cart-page">
        <Empty testId="cart-empty">
          <p>{t.empty}</p>
          <Link to="Sortiment" className={buttonClass()}>
            {t.toAssortment}
          </Link>
        </Empty>
      </Page>
    );
  }

  const blocked =
    !view.orderingEnabled || view.soldOut.size > 0 || breakdown.problems.length > 0 || (breakdown.minOrder.applies && breakdown.minOrder.missing > 0);

  const checkout = async () => {
    const config = appDataStore.get()?.appconfig;
    if (!config || busy) return;
    setBusy(true);
    try {
      const stamp = features.enableStempel ? await fullStampCard() : null;
      const choice = await runCheckoutQuestions(
        {
          cart,
          total: breakdown.total,
          orderMode: mode,
          table: table.table,
          area: table.area,
          config,
          features,
          stampRedeemable: stamp !== null,
          ...(stamp ? { stampDiscount: stamp.discount } : {}),
        },
        {
          ask: (q) => askOrCancel(q.title, { ...(q.text !== undefined ? { text: q.text } : {}), yes: q.yes, no: q.no }),
          inform: (title, text) => inform(title, text),
          ...(stamp ? { redeemStamp: () => redeemStampCard(stamp) } : {}),
        },
      );
      if (choice.outcome === 'go') navigateToUrl(pathTo(choice.route));
      // At a table without a known table number: the guest enters or scans it, then checks out again.
      else if (choice.reason === 'noTable') emit('shell:table-dialog', {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t.title} testId="cart-page">
      {!view.orderingEnabled ? (
        <div className={css.notice}>
          <Notice error testId="cart-ordering-disabled">
            {t.orderingDisabled}
          </Notice>
        </div>
      ) : null}
      <div className={css.layout}>
        <div>
          {/* The spec's restore lock (a few seconds after a cart is loaded): said, not only faded. */}
          <p role="status" className={css.lockNote} data-testid={locked ? 'cart-lock-note' : undefined}>
            {locked ? t.restoreLockNote : ''}
          </p>
          <CartLines lines={cart} breakdown={breakdown} locked={locked} notesEnabled={features.enableItemNote} onNote={setNoteLine} soldOut={view.soldOut} />
        </div>
        <div className={css.aside}>
          <SumTable breakdown={breakdown} />
          {features.enableEnterCode ? <CodeEntry mode={mode} onPromo={setPromo} /> : null}
          {features.enableStempel ? <StampTeaser /> : null}
          <ShareCart cart={cart} />
        </div>
      </div>
      <div className={css.bottomBar} data-fixed-layer="bottom">
        <Link to="Sortiment" className={buttonClass('ghost')} data-testid="cart-add-more">
          {t.addMore}
        </Link>
        <Button onClick={checkout} disabled={blocked || busy || !view.configLoaded} data-testid="cart-checkout">
          {t.checkout}
        </Button>
      </div>
      {noteLine ? <NoteDialog line={noteLine} onClose={() => setNoteLine(null)} /> : null}
      {promo ? <CouponDialog coupon={promo} mode={mode} onClose={() => setPromo(null)} /> : null}
    </Page>
  );
}
