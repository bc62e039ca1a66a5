import { useEffect, useState } from 'react';
import { ask, emit } from '@shop/shared/bus';
import { callAction } from '@shop/shared/client';
import type { SavedCard } from '@shop/shared/contract';
import { isAccountHolder } from '@shop/shared/domain/account-holder';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { account as texts } from '@shop/shared/i18n/account';
import { fill } from '@shop/shared/i18n/fill';
import { Link } from '@shop/shared/react';
import { Button, Icon, Notice, Page, Skeleton, buttonClass } from '@shop/shared/ui';
import { useSession } from '../../auth/use-session';
import { SignInRequired } from '../SignInRequired';
import css from '../account.module.css';

interface Profile {
  stripeCustomerId: string | null;
  paymentMethods: SavedCard[];
  mode: 'test' | 'live';
}

/**
 * Zahlungsmittel (requirements#screens, only when signed in): the cards saved with the payment provider
 * for this account; a card can be removed. Cards are added while paying in the checkout, so card
 * data never passes through the shop's own pages or server.
 */
export function PaymentMethodsPage() {
  const { ready, user } = useSession();
  const [profile, setProfile] = useState<Profile | 'loading' | 'failed'>('loading');
  const [busy, setBusy] = useState(false);

  // Saved cards are for account holders only (requirements#checkout-roles): not for an anonymous guest session.
  const holder = isAccountHolder(user);
  const uid = holder ? user?.uid : undefined;
  useEffect(() => {
    if (!uid) return;
    let alive = true;
    setProfile('loading');
    // Card calls wait 6.1 s (requirements#calls).
    callAction('GetStripeBuyersProfile', {}, { timeout: SHOP_CONSTANTS.cardActionTimeoutMs }).then(
      (res) => alive && setProfile(res.ok ? { stripeCustomerId: res.stripeCustomerId, paymentMethods: res.paymentMethods, mode: res.mode } : 'failed'),
      () => alive && setProfile('failed'),
    );
    return () => {
      alive = false;
    };
  }, [uid]);

  const remove = async (current: Profile, card: SavedCard) => {
    if (!current.stripeCustomerId) return;
    if (!(await ask(texts.methodsRemoveQuestion, { text: fill(texts.methodsRemoveText, { label: card.label }) }))) return;
    setBusy(true);
    try {
      const res = await callAction(
        'DetachStripeMethod',
        { paymentMethodId: card.paymentMethodId, stripeCustomerId: current.stripeCustomerId },
        { timeout: SHOP_CONSTANTS.cardActionTimeoutMs },
      );
      if (!res.ok) throw new Error('DetachStripeMethod refused');
      setProfile({ ...current, paymentMethods: current.paymentMethods.filter((m) => m.paymentMethodId !== card.paymentMethodId) });
      emit('shell:overlay', { kind: 'snackbar', text: texts.methodsRemoved });
    } catch {
      emit('shell:overlay', { kind: 'snackbar', text: texts.problem });
    } finally {
      setBusy(false);
    }
  };

  const body = () => {
    if (!ready || (holder && profile === 'loading')) return <Skeleton height={160} />;
    if (!holder) return <SignInRequired />;
    if (profile === 'failed' || profile === 'loading') {
      return (
        <div className={css.notice}>
          <Notice error>{texts.methodsLoadFailed}</Notice>
        </div>
      );
    }
    return (
      <>
        {profile.mode === 'test' ? (
          <div className={css.notice}>
            <Notice testId="methods-test-mode">{texts.methodsTestMode}</Notice>
          </div>
        ) : null}
        {profile.paymentMethods.length === 0 ? (
          <p className={css.info} data-testid="methods-empty">
            {texts.methodsEmpty}
          </p>
        ) : (
          <ul className={css.list}>
            {profile.paymentMethods.map((card) => (
              <li key={card.paymentMethodId} className={css.listItem} data-testid="payment-method">
                <Icon name="card" />
                <span className={css.listMain}>
                  <strong>{card.label}</strong>
                  <span className={css.muted}>{fill(texts.methodsExpiry, { exp: card.exp })}</span>
                </span>
                <Button variant="ghost" disabled={busy} onClick={() => void remove(profile, card)} data-testid="payment-method-remove">
                  {texts.methodsRemove}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className={css.actions}>
          <Link to="Karten" className={buttonClass('secondary', true)}>
            {texts.toCustomerCards}
          </Link>
        </div>
      </>
    );
  };

  return (
    <Page title={texts.methodsTitle} testId="payment-methods-page">
      {body()}
    </Page>
  );
}
