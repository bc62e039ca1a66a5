import { useState } from 'react';
import { emit, requestPush } from '@shop/shared/bus';
import type { SavedOrder } from '@shop/shared/contract';
import { offersPickupQuestion, rememberAsked, type NotificationSupport } from '@shop/shared/domain/push';
import { push as texts } from '@shop/shared/i18n/push';
import { useStore } from '@shop/shared/react';
import { createPersistentStore, pushTokenStore } from '@shop/shared/stores';
import { Button } from '@shop/shared/ui';
import css from './order.module.css';

/** The orders whose pickup question was answered on this device (asked once per order). */
const askedStore = createPersistentStore<string[]>('orders:pushAsked', [], {
  parse: (raw) => (Array.isArray(raw) && raw.every((id) => typeof id === 'string') ? raw : undefined),
});

function notificationSupport(): NotificationSupport {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/**
 * After ordering, the question whether we may notify the guest when the order is ready
 * (requirements#checkout-behaviour: 'Ja erlauben' or 'Nein danke'): only where the browser supports notifications
 * and has not decided yet. Yes asks the browser for permission and stores the token (mf-account's
 * push module, through the bus); no asks nothing.
 */
export function PushQuestion({ order }: { order: SavedOrder }) {
  const asked = useStore(askedStore);
  const token = useStore(pushTokenStore);
  // The permission when the page opened: the question stays until it is answered.
  const [permission] = useState(notificationSupport);
  const [answered, setAnswered] = useState(false);
  const id = order.uniqueOrderId;

  if (answered || !offersPickupQuestion({ order, permission, askedBefore: asked.includes(id), hasToken: token !== null })) return null;

  const answer = (yes: boolean) => {
    setAnswered(true);
    askedStore.update((list) => rememberAsked(list, id));
    if (!yes) return;
    void requestPush('order').then((outcome) => {
      if (outcome === 'enabled') emit('shell:overlay', { kind: 'snackbar', text: texts.pickupEnabled });
    });
  };

  return (
    <section className={css.pushQuestion} aria-labelledby="orders-push-question" data-testid="push-question">
      <h2 id="orders-push-question">{texts.pickupQuestionTitle}</h2>
      <p>{texts.pickupQuestionText}</p>
      <div className={css.pushQuestionActions}>
        <Button variant="ghost" onClick={() => answer(false)} data-testid="push-question-no">
          {texts.pickupQuestionNo}
        </Button>
        <Button onClick={() => answer(true)} data-testid="push-question-yes">
          {texts.pickupQuestionYes}
        </Button>
      </div>
    </section>
  );
}
