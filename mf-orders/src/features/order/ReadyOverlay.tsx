import { orders as texts } from '@shop/shared/i18n/orders';
import { Button, Icon, ModalDialog } from '@shop/shared/ui';
import css from './order.module.css';

/**
 * Self-service full-screen overlay 'Speisen Abholbereit!' / 'Getränke Abholbereit!' with OK
 * (requirements#checkout-screens): the shop's dialog primitive as an alert dialog; OK and Escape dismiss it.
 */
export function ReadyOverlay({ title, onOk }: { title: string; onOk: () => void }) {
  return (
    <ModalDialog title={title} onClose={onOk} role="alertdialog" variant="fullscreen" className={css.overlay} testId="order-ready-overlay">
      <Icon name="check" size={72} />
      <Button variant="secondary" onClick={onOk} autoFocus>
        {texts.ok}
      </Button>
    </ModalDialog>
  );
}
