import type { ReactNode } from 'react';
import { ModalDialog } from '@shop/shared/ui';
import css from './dialog.module.css';

/**
 * A modal dialog of the cart (note, coupon and promo dialogs): the shop's one dialog primitive
 * (focus in, trapped and returned; Escape and the backdrop close it; navigating closes it).
 */
export function Dialog({
  title,
  onClose,
  children,
  actions,
  maxWidth = 440,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
  maxWidth?: number;
  testId?: string;
}) {
  return (
    <ModalDialog title={title} onClose={onClose} maxWidth={maxWidth} {...(testId ? { testId } : {})}>
      <div className={css.body}>{children}</div>
      <div className={css.actions}>{actions}</div>
    </ModalDialog>
  );
}
