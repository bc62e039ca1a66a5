import { formatEuro } from '@shop/shared/domain/money';
import type { PriceBreakdown } from '@shop/shared/domain/pricing';
import { de, fill } from '@shop/shared/i18n';
import css from './cart.module.css';

const t = de.cart;

/** The sum table (requirements#screens Cart screen, requirements#sums), straight from the pricing engine. */
export function SumTable({ breakdown }: { breakdown: PriceBreakdown }) {
  const reductions = breakdown.coupons.filter((c) => c.applied && c.effect < 0);
  return (
    <div className={css.sums}>
      <table className={css.sumTable} data-testid="cart-sums">
        <tbody>
          <tr>
            <th scope="row">{t.itemsTotal}</th>
            <td data-testid="cart-items-total">{formatEuro(breakdown.itemsTotal)}</td>
          </tr>
          {reductions.map((c) => (
            <tr key={c.cartItemId} className={css.reduction}>
              <th scope="row">{c.title}</th>
              <td data-testid="cart-discount">−{formatEuro(-c.effect)}</td>
            </tr>
          ))}
          {breakdown.fees.map((f) => (
            <tr key={f.id}>
              <th scope="row">{f.name}</th>
              <td>{formatEuro(f.amount)}</td>
            </tr>
          ))}
          <tr className={css.totalRow}>
            <th scope="row">
              {t.total}
              <span className={css.vat}>{t.inclVat}</span>
            </th>
            <td data-testid="cart-total">{formatEuro(breakdown.total)}</td>
          </tr>
        </tbody>
      </table>
      {breakdown.offerSavings > 0 ? (
        <p className={css.savings}>
          {t.offerSavings}: {formatEuro(breakdown.offerSavings)}
        </p>
      ) : null}
      {breakdown.minOrder.applies && breakdown.minOrder.missing > 0 ? (
        <p className={css.minOrder} role="status" data-testid="cart-min-order">
          {fill(t.minOrderMissing, { missing: formatEuro(breakdown.minOrder.missing), min: formatEuro(breakdown.minOrder.amount) })}
        </p>
      ) : null}
    </div>
  );
}
