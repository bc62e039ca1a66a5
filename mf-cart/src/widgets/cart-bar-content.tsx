import { navigateToUrl } from 'single-spa';
import { formatEuro } from '@shop/shared/domain/money';
import { cart as texts } from '@shop/shared/i18n/cart';
import { fill } from '@shop/shared/i18n/fill';
import { pathTo } from '@shop/shared/routes';
import { Icon } from '@shop/shared/ui';
import { useCartView } from '../data/cart-context';
import css from './widgets.module.css';

/** The bar itself, with the priced total: loaded only once the cart has items. */
export default function CartBarContent({ count }: { count: number }) {
  const { breakdown } = useCartView();
  return (
    // A landmark of its own while it is shown (it floats outside the page's main).
    <aside className={css.bar} data-fixed-layer="bottom" aria-label={texts.floatingBarRegion}>
      <a
        className={css.barButton}
        href={pathTo('Korb')}
        data-testid="cart-bar"
        onClick={(e) => {
          e.preventDefault();
          navigateToUrl(pathTo('Korb'));
        }}
      >
        <span className={css.barCount}>{count}</span>
        <span className={css.barLabel}>{fill(texts.floatingBar, { count })}</span>
        <span className={css.barTotal} data-testid="cart-bar-total">
          {formatEuro(breakdown.total)}
        </span>
        <Icon name="chevronRight" />
      </a>
    </aside>
  );
}
