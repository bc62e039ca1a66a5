import type { StampCard } from '@shop/shared/contract';
import { callAction } from '@shop/shared/client';
import { isAccountHolder } from '@shop/shared/domain/account-holder';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { isStampCardFull, stampSlots, stampsShown } from '@shop/shared/domain/stamps';
import { account as texts } from '@shop/shared/i18n/account';
import { fill } from '@shop/shared/i18n/fill';
import { Link, useAsync } from '@shop/shared/react';
import { Icon, Notice, Page, Skeleton, buttonClass } from '@shop/shared/ui';
import { useSession } from '../../auth/use-session';
import css from '../account.module.css';

async function loadStampCard(fuid: string): Promise<StampCard | null> {
  const res = await callAction('LoadStempelkarte', { fuid });
  return res.ok ? res.stempelkarte : null;
}

function Slots({ score }: { score: number }) {
  return (
    <>
      <p className={css.count} data-testid="stamp-count">
        {fill(texts.stampsOf, { count: stampsShown(score), max: CHECKOUT_CONSTANTS.stampSlots })}
      </p>
      <ol className={css.slots} data-testid="stamp-slots">
        {stampSlots(score).map((stamped, i) => (
          <li key={i} className={[css.slot, stamped ? css.stamped : ''].join(' ')} data-stamped={stamped} aria-label={fill(texts.stampSlot, { n: i + 1 })}>
            <Icon name="stamp" size={22} />
          </li>
        ))}
      </ol>
      {isStampCardFull(score) ? (
        <div className={css.notice}>
          <Notice>{texts.stampFull}</Notice>
        </div>
      ) : null}
    </>
  );
}

function UserStampCard({ fuid }: { fuid: string }) {
  const state = useAsync(() => loadStampCard(fuid), [fuid]);
  if (state.status === 'loading') return <Skeleton height={200} />;
  if (state.status === 'error' || !state.value) {
    return (
      <div className={css.notice}>
        <Notice error>{texts.stampLoadFailed}</Notice>
      </div>
    );
  }
  return <Slots score={state.value.punktestand} />;
}

/** Stempelkarte: 10 slots filled by the score, info text, 'Zur Registrierung' without an account (requirements#checkout-screens). */
export function StampCardPage() {
  const { ready, user } = useSession();
  // An anonymous guest session collects for later (its orders count once it becomes an account)
  // but has no stamp card yet (requirements#checkout-roles): it is offered the registration.
  const holder = isAccountHolder(user);
  return (
    <Page title={texts.stampTitle} testId="stamp-page">
      {!ready ? <Skeleton height={200} /> : holder && user ? <UserStampCard fuid={user.uid} /> : <Slots score={0} />}
      <p className={css.info}>{texts.stampInfo}</p>
      {ready && !holder ? (
        <div className={css.actions}>
          <Link to="Registrierung" className={buttonClass('primary', true)} data-testid="stamp-to-registration">
            {texts.toRegistration}
          </Link>
        </div>
      ) : null}
    </Page>
  );
}
