import { useEffect, useState } from 'react';
import { emit } from '@shop/shared/bus';
import { callAction } from '@shop/shared/client';
import type { CustomerCard } from '@shop/shared/contract';
import { formatEuro } from '@shop/shared/domain/money';
import { account as texts } from '@shop/shared/i18n/account';
import { fill } from '@shop/shared/i18n/fill';
import { Button, Icon, Notice, Page, Skeleton } from '@shop/shared/ui';
import { useSession } from '../../auth/use-session';
import { SignInRequired } from '../SignInRequired';
import { AddCardForm } from './AddCardForm';
import css from '../account.module.css';

interface CardsState {
  cards: CustomerCard[];
  primaryCardId: string | null;
}

function creditOf(card: CustomerCard): string | null {
  const cred = card.accounts.find((a) => a.accountType === 'CRED');
  return cred ? formatEuro(cred.balance).replace('€', cred.symbol) : null;
}

function CardList({ state, onPrimary, busy }: { state: CardsState; onPrimary: (card: CustomerCard) => void; busy: boolean }) {
  if (state.cards.length === 0)
    return (
      <p className={css.info} data-testid="cards-empty">
        {texts.cardsEmpty}
      </p>
    );
  return (
    <ul className={css.list}>
      {state.cards.map((card) => {
        const primary = card.rfid === state.primaryCardId;
        const credit = creditOf(card);
        return (
          <li key={card.rfid} className={css.listItem} data-testid="customer-card" data-primary={primary}>
            <span className={css.listMain}>
              <strong>{card.label}</strong>
              {credit ? <span className={css.muted}>{fill(texts.cardsBalance, { amount: credit })}</span> : null}
            </span>
            {primary ? (
              <span className={css.primaryMark} data-testid="customer-card-primary">
                <Icon name="check" size={18} /> {texts.cardsPrimary}
              </span>
            ) : (
              <Button variant="secondary" disabled={busy} onClick={() => onPrimary(card)} data-testid="customer-card-make-primary">
                {texts.cardsMakePrimary}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Karten (requirements#checkout-screens): the signed-in user's customer cards with their balance; choose the primary card; add a card from the shop. */
export function CardsPage() {
  const { ready, user } = useSession();
  const [state, setState] = useState<CardsState | 'loading' | 'failed'>('loading');
  const [busy, setBusy] = useState(false);

  const uid = user?.uid;
  useEffect(() => {
    if (!uid) return;
    let alive = true;
    setState('loading');
    callAction('GetCustomerCards', {}).then(
      (res) => alive && setState(res.ok ? { cards: res.cards, primaryCardId: res.primaryCardId } : 'failed'),
      () => alive && setState('failed'),
    );
    return () => {
      alive = false;
    };
  }, [uid]);

  const makePrimary = async (card: CustomerCard) => {
    setBusy(true);
    try {
      const res = await callAction('SetPrimaryCustomerCard', { rfid: card.rfid });
      if (!res.ok) throw new Error('SetPrimaryCustomerCard refused');
      setState({ cards: res.cards, primaryCardId: res.primaryCardId });
      emit('shell:overlay', { kind: 'snackbar', text: fill(texts.cardsPrimaryChanged, { label: card.label }) });
    } catch {
      emit('shell:overlay', { kind: 'snackbar', text: texts.problem });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={texts.cardsTitle} testId="cards-page">
      {!ready || (user && state === 'loading') ? (
        <Skeleton height={160} />
      ) : !user ? (
        <SignInRequired />
      ) : state === 'failed' ? (
        <div className={css.notice}>
          <Notice error>{texts.cardsLoadFailed}</Notice>
        </div>
      ) : state === 'loading' ? null : (
        <>
          <CardList state={state} onPrimary={(card) => void makePrimary(card)} busy={busy} />
          <p className={css.info}>{texts.cardsInfo}</p>
          <AddCardForm onAdded={setState} />
        </>
      )}
    </Page>
  );
}
