import type { ReactNode } from 'react';
import { ModalDialog } from '@shop/shared/ui';

/**
 * A dialog inside the checkout (add card, test 3-D Secure, test PayPal, test wallet): the shop's one
 * dialog primitive. Escape and navigating away close it; the navigation is cancelled (requirements#screens).
 */
export function Modal({ title, onClose, children, testId }: { title: string; onClose: () => void; children: ReactNode; testId?: string }) {
  return (
    <ModalDialog title={title} onClose={onClose} closeOnBackdrop={false} maxWidth={480} {...(testId ? { testId } : {})}>
      {children}
    </ModalDialog>
  );
}
