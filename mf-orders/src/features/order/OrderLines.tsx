import type { SavedOrder } from '@shop/shared/contract';
import { formatEuro } from '@shop/shared/domain/money';
import { couponDisplay, visibleVol } from '@shop/shared/domain/orders';
import { orders as texts } from '@shop/shared/i18n/orders';
import { fill } from '@shop/shared/i18n/fill';
import css from './order.module.css';

/** The item list of an order: count, name, volume, extras and item total; coupons and fees. */
export function OrderLines({ order }: { order: SavedOrder }) {
  return (
    <ul className={css.lines} data-testid="order-lines">
      {order.orderData.map((line) => {
        if (line.kind === 'coupon') {
          const shown = couponDisplay(line);
          return (
            <li key={line.cartItemId} className={css.line} data-testid="order-line">
              <span className={css.count} />
              <span className={css.lineMain}>
                <span className={css.lineName}>{line.title || line.couponCode}</span>
                {line.text ? <span className={css.extras}>{line.text}</span> : null}
              </span>
              <span className={css.lineTotal}>
                {shown.kind === 'percent' ? fill(texts.discountPercent, { percent: shown.percent }) : formatEuro(shown.amount)}
              </span>
            </li>
          );
        }
        if (line.kind === 'fee') {
          return (
            <li key={line.cartItemId} className={css.line} data-testid="order-line">
              <span className={css.count} />
              <span className={css.lineMain}>
                <span className={css.lineName}>{line.nameToDisplay}</span>
              </span>
              <span className={css.lineTotal}>{formatEuro(line.itemTotal)}</span>
            </li>
          );
        }
        const vol = visibleVol(line.vol);
        return (
          <li key={line.cartItemId} className={css.line} data-testid="order-line">
            <span className={css.count}>{line.count}×</span>
            <span className={css.lineMain}>
              <span className={css.lineName}>
                {line.nameToDisplay}
                {vol ? <span className={css.vol}> · {vol}</span> : null}
              </span>
              {line.extrasToDisplay ? <span className={css.extras}>{line.extrasToDisplay}</span> : null}
              {line.gang ? <span className={css.extras}>{line.gang}</span> : null}
              {line.notes ? <span className={css.extras}>„{line.notes}“</span> : null}
            </span>
            <span className={css.lineTotal} data-testid="order-line-total">
              {formatEuro(line.itemTotal)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
