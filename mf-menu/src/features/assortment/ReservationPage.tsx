import { de } from '../../texts';
import { Page, buttonClass } from '@shop/shared/ui';
import { BackButton } from '../../components/BackButton';
import { useMenuShopContext } from '../../data/shop-context';
import css from './assortment.module.css';

/** Tischreservierung: the reservation happens on an external site. */
export function ReservationPage() {
  const { appconfig, store } = useMenuShopContext();
  const url = appconfig?.reservationUrl;
  return (
    <Page title={de.menu.reservationTitle} testId="reservation">
      <div className={css.reservation}>
        <BackButton route="Tischreservierung" />
        {url ? (
          <>
            <p>{de.menu.reservationText}</p>
            <a className={buttonClass()} href={url} target="_blank" rel="noopener noreferrer" data-testid="reservation-link">
              {de.menu.reservationButton}
            </a>
          </>
        ) : (
          <p>
            {de.menu.reservationUnavailable}
            {store?.phone ? ` ${de.menu.phone}: ${store.phone}` : ''}
          </p>
        )}
      </div>
    </Page>
  );
}
