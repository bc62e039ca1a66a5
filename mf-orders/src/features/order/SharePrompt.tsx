import { useEffect, useState } from 'react';
import { emit } from '@shop/shared/bus';
import type { SavedOrder } from '@shop/shared/contract';
import { showsSharePrompt, type SharePromptState } from '@shop/shared/domain/push';
import { push as texts } from '@shop/shared/i18n/push';
import { useStore } from '@shop/shared/react';
import { createPersistentStore } from '@shop/shared/stores';
import { Button, Icon } from '@shop/shared/ui';
import css from './order.module.css';

function isState(raw: unknown): raw is SharePromptState {
  const r = raw as Partial<SharePromptState> | null;
  return typeof r === 'object' && r !== null && typeof r.uniqueOrderId === 'string' && typeof r.at === 'number' && typeof r.closed === 'boolean';
}

/** When and for which order the prompt was shown, and whether the guest closed or used it. */
const sharePromptStore = createPersistentStore<SharePromptState | null>('orders:sharePrompt', null, {
  parse: (raw) => (raw === null || isState(raw) ? raw : undefined),
});

/**
 * The share-app prompt of the order page (requirements#checkout-screens, not for in-house): opens the shell's
 * share dialog (QR code and link); closable, and not shown on every visit (domain/push.ts).
 */
export function SharePrompt({ order }: { order: SavedOrder }) {
  const state = useStore(sharePromptStore);
  // Decided once per page: a prompt does not vanish while the guest reads it.
  const [shown] = useState(() => showsSharePrompt(order, sharePromptStore.get(), Date.now()));
  const closed = state?.closed === true && state.uniqueOrderId === order.uniqueOrderId;

  useEffect(() => {
    if (shown && sharePromptStore.get()?.uniqueOrderId !== order.uniqueOrderId) {
      sharePromptStore.set({ uniqueOrderId: order.uniqueOrderId, at: Date.now(), closed: false });
    }
  }, [shown, order.uniqueOrderId]);

  if (!shown || closed) return null;
  const close = () => sharePromptStore.set({ uniqueOrderId: order.uniqueOrderId, at: Date.now(), closed: true });
  const share = () => {
    close();
    emit('shell:share-dialog', {});
  };

  return (
    <section className={css.sharePrompt} aria-labelledby="orders-share-prompt" data-testid="share-prompt">
      <div className={css.sharePromptText}>
        <h2 id="orders-share-prompt">{texts.sharePromptTitle}</h2>
        <p>{texts.sharePromptText}</p>
        <Button variant="secondary" onClick={share} data-testid="share-prompt-open">
          {texts.sharePromptButton}
        </Button>
      </div>
      <button type="button" className={css.sharePromptClose} onClick={close} aria-label={texts.sharePromptDismiss} data-testid="share-prompt-close">
        <Icon name="close" size={20} />
      </button>
    </section>
  );
}
