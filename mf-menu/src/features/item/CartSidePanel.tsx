import { productLines, simpleCartTotal } from '@shop/shared/domain/cart';
import { formatEuro } from '@shop/shared/domain/money';
import { de } from '../../texts';
import { Link, useStore } from '@shop/shared/react';
import { cartStore } from '@shop/shared/stores';
import { Icon, buttonClass } from '@shop/shared/ui';
import css from './item.module.css';

/** The cart beside the item on wide screens (requirements#screens Item detail). */
export function CartSidePanel() {
  const cart = useStore(cartStore);
  const lines = productLines(cart);
  return (
    <aside className={css.side} aria-label={de.menu.cartPanelTitle} data-testid="cart-side-panel">
      <h2 className={css.sideTitle}>
        <Icon name="cart" size={20} />
        {de.menu.cartPanelTitle}
      </h2>
      {lines.length === 0 ? (
        <p className={css.sideEmpty}>{de.menu.cartPanelEmpty}</p>
      ) : (
        <>
          <ul className={css.sideList}>
            {lines.map((line) => (
              <li key={line.cartItemId} className={css.sideLine}>
                <span>
                  <span className={css.sideName}>
                    {line.count}× {line.nameToDisplay}
                    {line.vol && line.vol !== 'standard' ? ` · ${line.vol}` : ''}
                  </span>
                  {line.extrasToDisplay ? <span className={css.sideExtras}>{line.extrasToDisplay}</span> : null}
                </span>
                <span>{formatEuro(line.itemTotal)}</span>
              </li>
            ))}
          </ul>
          <div className={css.sideSum}>
            <span>{de.menu.cartPanelTotal}</span>
            <span>{formatEuro(simpleCartTotal(cart))}</span>
          </div>
          <Link to="Korb" className={buttonClass('primary', true)}>
            {de.menu.cartPanelToCart}
          </Link>
        </>
      )}
    </aside>
  );
}
