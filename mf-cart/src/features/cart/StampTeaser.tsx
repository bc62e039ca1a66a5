import { de } from '@shop/shared/i18n';
import { Link } from '@shop/shared/react';
import { Icon } from '@shop/shared/ui';
import css from './cart.module.css';

/** Stamp-card teaser (requirements#screens Cart screen, flag enableStempel). */
export function StampTeaser() {
  return (
    <aside className={css.teaser} data-testid="stamp-teaser">
      <Icon name="stamp" size={28} />
      <p>
        {de.cart.stampTeaser}{' '}
        <Link to="Stempelkarte" className={css.teaserLink}>
          {de.cart.stampTeaserLink}
        </Link>
      </p>
    </aside>
  );
}
