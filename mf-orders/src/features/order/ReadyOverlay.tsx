import { orders as texts } from '@shop/shared/i18n/orders';
import { useShellLayer } from '@shop/shared/react';
import { Button, Icon } from '@shop/shared/ui';
import css from './order.module.css';

/** Self-service full-screen overlay 'Speisen Abholbereit!' / 'Getränke Abholbereit!' with OK (checkout-spec §2). */
export function ReadyOverlay({ title, onOk }: { title: string; onOk: () => void }) {
  useShellLayer(true, onOk);
  return (
    <div className={css.overlay} role="alertdialog" aria-modal="true" aria-labelledby="orders-ready-title" data-testid="order-ready-overlay">
      <Icon name="check" size={72} />
      <h2 id="orders-ready-title">{title}</h2>
      <Button variant="secondary" onClick={onOk}>
        {texts.ok}
      </Button>
    </div>
  );
}
