import { useState } from 'react';
import { emit } from '@shop/shared/bus';
import { callAction } from '@shop/shared/client';
import type { Cart } from '@shop/shared/contract';
import { withoutFeeLines } from '@shop/shared/domain/fees';
import { de } from '@shop/shared/i18n';
import { pathTo } from '@shop/shared/routes';
import { useStore } from '@shop/shared/react';
import { Button, Icon } from '@shop/shared/ui';
import { sharedCartStore } from '../../data/cart-id-stores';
import css from './cart.module.css';

const t = de.cart;

function deviceLabel(): string {
  return /Mobi|Android|iPhone/i.test(navigator.userAgent) ? 'Smartphone' : 'Computer';
}

/** Saves the cart on the server (SaveCart) and offers a link that restores it (`?cartId=`). */
export function ShareCart({ cart }: { cart: Cart }) {
  const shared = useStore(sharedCartStore);
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const share = async () => {
    setBusy(true);
    try {
      const res = await callAction('SaveCart', {
        items: withoutFeeLines(cart),
        ...(shared ? { cartId: shared.cartId } : {}),
        sourceDevice: deviceLabel(),
      });
      if (!res.ok) throw new Error('SaveCart failed');
      sharedCartStore.set({ cartId: res.cartId, lastModified: res.lastModified });
      setLink(`${window.location.origin}${pathTo('Korb', {}, { cartId: res.cartId })}`);
    } catch {
      emit('shell:overlay', { kind: 'toast', text: t.shareCartFailed });
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      emit('shell:overlay', { kind: 'snackbar', text: t.shareCartCopied });
    } catch {
      // Clipboard blocked: the link stays visible and selectable.
    }
  };

  return (
    <div className={css.share}>
      <Button variant="ghost" onClick={share} disabled={busy} data-testid="share-cart">
        <Icon name="share" size={18} /> {t.shareCart}
      </Button>
      {link ? (
        <div className={css.shareBox}>
          <p className={css.shareHint}>{t.shareCartHint}</p>
          <input
            className={css.shareLink}
            readOnly
            value={link}
            aria-label={t.shareCartLink}
            onFocus={(e) => e.target.select()}
            data-testid="share-cart-link"
          />
          <Button variant="secondary" onClick={copy}>
            {t.shareCartCopy}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
