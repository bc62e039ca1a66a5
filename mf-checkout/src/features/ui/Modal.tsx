import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useShellLayer } from '@shop/shared/react';
import css from './modal.module.css';

/** A dialog inside the checkout (add card, test 3-D Secure, test PayPal, test wallet). */
export function Modal({ title, onClose, children, testId }: { title: string; onClose: () => void; children: ReactNode; testId?: string }) {
  const titleId = useId();
  // Escape and navigating away close it; the navigation is cancelled (shop-spec §2).
  useShellLayer(true, onClose);
  return createPortal(
    <div className={css.backdrop} data-testid={testId}>
      <div className={css.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className={css.title}>
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
