import { useId, type ReactNode } from 'react';
import { useShellLayer } from '@shop/shared/react';
import css from './dialog.module.css';

/**
 * A modal dialog of the cart (note, coupon and promo dialogs). Registered with the shell's
 * navigation guard (useShellLayer): navigating while it is open closes it and cancels the
 * navigation (shop-spec §2). Escape and the backdrop close it too.
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
  const titleId = useId();
  useShellLayer(true, onClose);

  return (
    <div className={css.backdrop} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className={css.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId} style={{ maxWidth }} data-testid={testId}>
        <h2 id={titleId} className={css.title}>
          {title}
        </h2>
        <div className={css.body}>{children}</div>
        <div className={css.actions}>{actions}</div>
      </div>
    </div>
  );
}
