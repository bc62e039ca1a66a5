import type { OpeningHours } from '@shop/shared/contract';

import { isOpenAt, openingRows, type OpeningTexts } from '@shop/shared/domain/opening-hours';
import { de } from '../../texts';
import { useStore } from '@shop/shared/react';
import { appDataStore } from '@shop/shared/stores';
import { Page, Skeleton } from '@shop/shared/ui';
import { BackButton } from '../../components/BackButton';
import { useShopClock } from '../../data/clock';
import { useMenuShopContext } from '../../data/shop-context';
import css from './hours.module.css';

export function openingTexts(): OpeningTexts {
  return { closed: de.menu.closed, window: de.menu.timeWindow, and: de.menu.and, weekdays: de.menu.weekdays };
}

/** The opening hours table: merged day ranges, 'Geschlossen', 'X bis Y Uhr' and 'und'. */
export function HoursTable({ hours, testId }: { hours: OpeningHours; testId?: string }) {
  const clock = useShopClock();
  const rows = openingRows(hours, openingTexts());
  return (
    <table className={css.table} data-testid={testId}>
      <tbody>
        {rows.map((row) => {
          const today = clock.weekday >= row.firstDay && clock.weekday <= row.lastDay;
          return (
            <tr key={row.days} className={today ? css.today : ''} data-testid="hours-row">
              <th scope="row">{row.days}</th>
              <td className={row.closed ? css.closed : ''}>{row.text}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function OpenNow({ hours }: { hours: OpeningHours }) {
  const clock = useShopClock();
  const open = isOpenAt(hours, clock.weekday, clock.minutes);
  return <span className={[css.status, open ? '' : css.statusClosed].join(' ')}>{open ? de.menu.openNow : de.menu.closedNow}</span>;
}

/** Oeffnungszeiten: each branch's opening hours. */
export function OpeningHoursPage() {
  const { stores } = useMenuShopContext();
  return (
    <Page title={de.menu.openingTitle} testId="opening-hours">
      <BackButton route="Oeffnungszeiten" />
      <div style={{ height: 16 }} />
      {stores.length === 0 ? <Skeleton height={280} /> : null}
      {stores.map((store) => (
        <section key={store.filialnummer} className={css.branch}>
          <div className={css.branchHead}>
            <h2 className={css.branchName}>{store.name}</h2>
            <OpenNow hours={store.openingHours} />
          </div>
          <HoursTable hours={store.openingHours} testId={`hours-${store.filialnummer}`} />
        </section>
      ))}
    </Page>
  );
}

/** Abholzeiten: when online orders can be picked up (the takeaway block of the app config). */
export function PickupTimesPage() {
  const appData = useStore(appDataStore);
  useMenuShopContext();
  const hours = appData?.appconfig.takeAway.openingHours;
  return (
    <Page title={de.menu.pickupTitle} testId="pickup-times">
      <BackButton route="Abholzeiten" />
      <p className={css.intro} style={{ marginTop: 16 }}>
        {de.menu.pickupIntro}
      </p>
      {hours ? (
        <section className={css.branch}>
          <div className={css.branchHead}>
            <h2 className={css.branchName}>{appData?.branch.pickupAddress}</h2>
            <OpenNow hours={hours} />
          </div>
          <HoursTable hours={hours} testId="hours-pickup" />
        </section>
      ) : (
        <Skeleton height={280} />
      )}
    </Page>
  );
}
