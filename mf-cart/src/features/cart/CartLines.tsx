import type { CartLine, ProductLine } from '@shop/shared/contract';
import { emit } from '@shop/shared/bus';
import { changeCount, exceedsStock, removeLine } from '@shop/shared/domain/cart';
import { removeCoupon } from '@shop/shared/domain/coupons';
import { isHiddenVol } from '@shop/shared/domain/line-pricing';
import { formatEuro } from '@shop/shared/domain/money';
import { pricedLine, type PriceBreakdown } from '@shop/shared/domain/pricing';
import { de, fill } from '@shop/shared/i18n';
import { Link } from '@shop/shared/react';
import { cartStore } from '@shop/shared/stores';
import { Icon, QuantityStepper } from '@shop/shared/ui';
import { updateCart } from '../../data/commands';
import { couponValueText } from '../../data/redeem';
import { CartSubstanceLegend, LineSubstances, useLineSubstances } from './cart-allergens';
import css from './cart.module.css';

const t = de.cart;

const PROBLEM_TEXT = {
  inactive: t.couponInactive,
  expired: t.couponExpired,
  redeemed: t.couponRedeemed,
  'not-applicable': t.couponNotApplicable,
  duplicate: t.couponDuplicate,
  'not-combinable': t.couponBlocked,
  'bundle-incomplete': t.bundleIncomplete,
} as const;

/** +/- on a line; plus beyond the stock the article was added with explains itself. */
function changeLineCount(line: ProductLine, next: number): void {
  const cart = cartStore.get();
  if (next > line.count && exceedsStock(cart, line, next - line.count)) {
    emit('shell:overlay', { kind: 'snackbar', text: fill(t.stockLimit, { name: line.nameToDisplay, count: line.bestand ?? 0 }) });
    return;
  }
  updateCart((c) => changeCount(c, line.cartItemId, next - line.count));
}

function ProductRow({
  line,
  breakdown,
  locked,
  notesEnabled,
  onNote,
  substances,
  substancesPending,
  soldOut,
}: {
  line: ProductLine;
  /** The current menu says this item is sold out: said on the line, the checkout waits. */
  soldOut: boolean;
  substances: readonly string[] | undefined;
  /** The menus are not there yet: the row keeps the place of its allergen line. */
  substancesPending: boolean;
  breakdown: PriceBreakdown;
  locked: boolean;
  notesEnabled: boolean;
  onNote: (line: ProductLine) => void;
}) {
  const priced = pricedLine(breakdown, line.cartItemId);
  const charged = priced?.itemTotal ?? line.itemTotal;
  const regular = priced?.regularTotal ?? line.itemTotal;
  const bound = line.appliedCode !== undefined;
  return (
    <tr className={css.row} data-testid="cart-line" data-cart-item-id={line.cartItemId}>
      <td className={css.nameCell}>
        <div className={css.lineName} data-testid="cart-line-name">
          {bound ? (
            line.nameToDisplay
          ) : (
            // The item page edits this very line (query cartItemId) instead of adding a new one.
            <Link
              to={line.type === 'drink' ? 'Getraenk' : 'Speise'}
              params={{ itemId: line.id }}
              query={{ cartItemId: line.cartItemId }}
              className={css.lineLink}
              data-testid="cart-line-edit"
            >
              {line.nameToDisplay}
            </Link>
          )}
          {!isHiddenVol(line.vol) ? <span className={css.vol}> · {line.vol}</span> : null}
        </div>
        {line.extrasToDisplay ? <div className={css.detail}>{line.extrasToDisplay}</div> : null}
        <LineSubstances codes={substances} pending={substancesPending} />
        {soldOut ? (
          <div className={css.problem} role="alert" data-testid="cart-line-sold-out">
            {fill(t.lineSoldOut, { name: line.nameToDisplay })}
          </div>
        ) : null}
        {line.gang ? <div className={css.detail}>{fill(t.course, { gang: line.gang })}</div> : null}
        {priced?.offer ? <div className={css.offer}>{fill(t.offerLabel, { name: priced.offer.name })}</div> : null}
        {bound ? <div className={css.offer}>{fill(t.bundleLine, { title: line.aaaCodeTitle || line.appliedCode })}</div> : null}
        {line.notes ? (
          <div className={css.note} data-testid="cart-line-note">
            „{line.notes}“
          </div>
        ) : null}
        {notesEnabled && !bound ? (
          <button type="button" className={css.linkButton} onClick={() => onNote(line)} disabled={locked} data-testid="cart-line-note-button">
            <Icon name="info" size={16} /> {line.notes ? t.noteEdit : t.noteAdd}
          </button>
        ) : null}
      </td>
      <td className={css.countCell}>
        {line.unikat || bound ? (
          <span className={css.fixedCount}>{line.count}×</span>
        ) : (
          <fieldset className={css.stepperBox} disabled={locked}>
            <QuantityStepper value={line.count} onChange={(next) => changeLineCount(line, next)} labels={{ increase: t.increase, decrease: t.decrease }} />
          </fieldset>
        )}
      </td>
      <td className={css.priceCell}>
        <span className={css.price} data-testid="cart-line-total">
          {formatEuro(charged)}
        </span>
        {charged < regular ? <s className={css.oldPrice}>{formatEuro(regular)}</s> : null}
        {!bound ? (
          <button
            type="button"
            className={css.remove}
            aria-label={t.remove}
            disabled={locked}
            onClick={() => updateCart((c) => removeLine(c, line.cartItemId))}
            data-testid="cart-line-remove"
          >
            <Icon name="close" size={18} />
          </button>
        ) : null}
      </td>
    </tr>
  );
}

function CouponRow({ line, breakdown, locked }: { line: Extract<CartLine, { kind: 'coupon' }>; breakdown: PriceBreakdown; locked: boolean }) {
  const applied = breakdown.coupons.find((c) => c.cartItemId === line.cartItemId);
  return (
    <tr className={[css.row, css.couponRow].join(' ')} data-testid="cart-coupon" data-coupon-code={line.couponCode}>
      <td className={css.nameCell} colSpan={2}>
        <div className={css.lineName}>
          <Icon name="gift" size={18} /> {line.title}
        </div>
        <div className={css.detail}>{couponValueText(line)}</div>
        {applied?.problem ? (
          <div className={css.problem} role="alert" data-testid="cart-coupon-problem">
            {fill(PROBLEM_TEXT[applied.problem], { title: line.title })}
          </div>
        ) : null}
      </td>
      <td className={css.priceCell}>
        <span className={css.couponEffect} data-testid="cart-coupon-effect">
          {applied && applied.effect !== 0 ? `${applied.effect > 0 ? '+' : '−'}${formatEuro(Math.abs(applied.effect))}` : ''}
        </span>
        <button
          type="button"
          className={css.remove}
          aria-label={t.couponRemove}
          disabled={locked}
          onClick={() => updateCart((c) => removeCoupon(c, line.cartItemId))}
          data-testid="cart-coupon-remove"
        >
          <Icon name="close" size={18} />
        </button>
      </td>
    </tr>
  );
}

/** The item table (requirements#screens Cart screen): articles, then coupons. */
export function CartLines({
  lines,
  breakdown,
  locked,
  notesEnabled,
  onNote,
  soldOut,
}: {
  lines: readonly CartLine[];
  soldOut: ReadonlySet<string>;
  breakdown: PriceBreakdown;
  locked: boolean;
  notesEnabled: boolean;
  onNote: (line: ProductLine) => void;
}) {
  const products = lines.filter((l): l is ProductLine & { kind: 'product' } => l.kind === 'product');
  const coupons = lines.filter((l): l is Extract<CartLine, { kind: 'coupon' }> => l.kind === 'coupon');
  const substances = useLineSubstances(products);
  return (
    <>
      <table className={css.table} data-testid="cart-lines">
        <thead className={css.srOnly}>
          <tr>
            <th scope="col">{t.colArticle}</th>
            <th scope="col">{t.colCount}</th>
            <th scope="col">{t.colPrice}</th>
          </tr>
        </thead>
        <tbody>
          {products.map((line) => (
            <ProductRow
              key={line.cartItemId}
              line={line}
              substances={substances.codes.get(line.cartItemId)}
              substancesPending={!substances.known}
              breakdown={breakdown}
              locked={locked}
              notesEnabled={notesEnabled}
              onNote={onNote}
              soldOut={soldOut.has(line.cartItemId)}
            />
          ))}
          {coupons.map((line) => (
            <CouponRow key={line.cartItemId} line={line} breakdown={breakdown} locked={locked} />
          ))}
        </tbody>
      </table>
      <CartSubstanceLegend substances={substances.codes} known={substances.known} />
    </>
  );
}
