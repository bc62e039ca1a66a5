import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { orders as texts } from '@shop/shared/i18n/orders';
import { fill } from '@shop/shared/i18n/fill';
import { Link, useStore } from '@shop/shared/react';
import { redirectTo } from '@shop/shared/routes';
import { tableStore } from '@shop/shared/stores';
import { Icon, Page, buttonClass } from '@shop/shared/ui';
import css from './waiter-call.module.css';

/** KellnerrufErfolgreich: the waiter is on the way (or was already called a moment ago). */
export function WaiterCallDonePage() {
  const [query] = useSearchParams();
  const { table } = useStore(tableStore);
  const repeated = query.get('repeated') === '1';
  // Without a table there is nothing to confirm: the waiter call page says why it cannot call.
  useEffect(() => {
    if (!table) redirectTo('Kellnerruf');
  }, [table]);
  if (!table) return null;
  return (
    <Page title={texts.waiterCallTitle} testId="waiter-call-done">
      <div className={css.card}>
        <span className={css.tick}>
          <Icon name="check" />
        </span>
        <h2>{texts.waiterCallDoneTitle}</h2>
        <p data-testid="waiter-call-done-text">{fill(repeated ? texts.waiterCallAlready : texts.waiterCallDone, { table })}</p>
      </div>
      <p className={css.back}>
        <Link to="Speisen" className={buttonClass()}>
          {texts.toMenu}
        </Link>
      </p>
    </Page>
  );
}
