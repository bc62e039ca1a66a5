import { useSearchParams } from 'react-router-dom';
import { navigateToUrl } from 'single-spa';
import { emit } from '@shop/shared/bus';
import type { Store } from '@shop/shared/contract';
import { dayText } from '@shop/shared/domain/opening-hours';
import { fill } from '@shop/shared/i18n/fill';
import { de } from '../../texts';
import { pathTo } from '@shop/shared/routes';
import { selectedStoreStore } from '@shop/shared/stores';
import { Button, Empty, Icon, Page, Skeleton, backInShopOr, buttonClass } from '@shop/shared/ui';
import { BackButton } from '../../components/BackButton';
import { useShopClock } from '../../data/clock';
import { useMenuShopContext } from '../../data/shop-context';
import { openingTexts } from '../hours/OpeningHoursPage';
import css from './branches.module.css';

function mapUrl(store: Store): string {
  if (store.lat !== undefined && store.lng !== undefined) {
    return `https://www.openstreetmap.org/?mlat=${store.lat}&mlon=${store.lng}#map=17/${store.lat}/${store.lng}`;
  }
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${store.strasse}, ${store.plz} ${store.ort}`)}`;
}

function routeUrl(store: Store, engine: 'car' | 'bike'): string {
  if (store.lat === undefined || store.lng === undefined) return mapUrl(store);
  const profile = engine === 'bike' ? 'fossgis_osrm_bike' : 'fossgis_osrm_car';
  return `https://www.openstreetmap.org/directions?engine=${profile}&route=%3B${store.lat}%2C${store.lng}`;
}

function telHref(phone: string): string {
  return `tel:+49${phone.replace(/[\s/-]/g, '').replace(/^0+/, '')}`;
}

function BranchCard({ store, chosen, select }: { store: Store; chosen: boolean; select: boolean }) {
  const clock = useShopClock();
  const today = dayText(store.openingHours[String(clock.weekday) as keyof Store['openingHours']], openingTexts());
  const choose = () => {
    selectedStoreStore.set(store.filialnummer);
    emit('shell:overlay', { kind: 'toast', text: fill(de.menu.branchChosenToast, { name: store.name }) });
    backInShopOr(() => navigateToUrl(pathTo('Speisen', { catname: 'all' })));
  };
  return (
    <article className={[css.card, chosen ? css.cardChosen : ''].join(' ')} data-testid="branch-card" data-branch={store.filialnummer}>
      <div className={css.head}>
        <h2 className={css.name}>{store.name}</h2>
        {chosen ? (
          <span className={css.chosen}>
            <Icon name="check" size={14} />
            {de.menu.branchChosen}
          </span>
        ) : null}
      </div>
      <address className={css.address}>
        {store.strasse}
        <br />
        {store.plz} {store.ort}
      </address>
      <div className={css.meta}>
        {store.phone ? <a href={telHref(store.phone)}>{`${de.menu.phone}: ${store.phone}`}</a> : null}
        {store.email ? <a href={`mailto:${store.email}`}>{`${de.menu.email}: ${store.email}`}</a> : null}
      </div>
      <span className={css.today}>
        {de.menu.weekdays[clock.weekday - 1]}: {today}
      </span>
      {!store.orderingEnabled ? <span className={css.warn}>{de.menu.branchOrderingOff}</span> : null}
      <div className={css.actions}>
        {select ? (
          <Button onClick={choose} disabled={chosen} data-testid={`choose-branch-${store.filialnummer}`}>
            {de.menu.chooseBranchButton}
          </Button>
        ) : null}
        <a className={buttonClass('ghost')} href={mapUrl(store)} target="_blank" rel="noopener noreferrer">
          <Icon name="pin" size={18} />
          {de.menu.openInMaps}
        </a>
      </div>
    </article>
  );
}

function BranchList({ select }: { select: boolean }) {
  const { stores, storeId } = useMenuShopContext();
  if (stores.length === 0) return <Skeleton height={220} />;
  return (
    <div className={css.list}>
      {stores.map((store) => (
        <div key={store.filialnummer} className={css.cell}>
          <BranchCard store={store} chosen={store.filialnummer === storeId} select={select} />
        </div>
      ))}
    </div>
  );
}

/** Filialen (query select=true chooses the branch the guest orders from). */
export function BranchesPage() {
  const [search] = useSearchParams();
  const select = search.get('select') === 'true';
  return (
    <Page title={select ? de.menu.chooseBranch : de.menu.branchesTitle} testId="branches">
      <BackButton route="Filialen" />
      <BranchList select={select} />
    </Page>
  );
}

/** Standorte: every branch with address, contact and map link. */
export function LocationsPage() {
  return (
    <Page title={de.menu.locationsTitle} testId="locations">
      <BackButton route="Standorte" />
      <BranchList select={false} />
    </Page>
  );
}

/** Anfahrt: how to get to the chosen branch. */
export function DirectionsPage() {
  const { store, stores } = useMenuShopContext();
  if (stores.length === 0)
    return (
      <Page title={de.menu.directionsTitle}>
        <Skeleton height={220} />
      </Page>
    );
  if (!store)
    return (
      <Page title={de.menu.directionsTitle}>
        <Empty>{de.menu.noBranches}</Empty>
      </Page>
    );
  const address = `${store.strasse}, ${store.plz} ${store.ort}`;
  return (
    <Page title={de.menu.directionsTitle} testId="directions">
      <BackButton route="Anfahrt" />
      <div className={css.list}>
        <div className={css.cell}>
          <BranchCard store={store} chosen={false} select={false} />
        </div>
        <div className={css.cell}>
          <div className={css.ways}>
            <a
              className={css.way}
              href={`https://www.hvv.de/de/fahrplaene/verbindungssuche?to=${encodeURIComponent(address)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Icon name="pin" />
              {de.menu.directionsPublic}
            </a>
            <a className={css.way} href={routeUrl(store, 'car')} target="_blank" rel="noopener noreferrer">
              <Icon name="chevronRight" />
              {de.menu.directionsCar}
            </a>
            <a className={css.way} href={routeUrl(store, 'bike')} target="_blank" rel="noopener noreferrer">
              <Icon name="chevronRight" />
              {de.menu.directionsBike}
            </a>
          </div>
        </div>
      </div>
    </Page>
  );
}
