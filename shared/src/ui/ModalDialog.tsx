import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useShellLayer } from '@shop/shared/react';
import css from './modal-dialog.module.css';

/** Elements a keyboard user can reach with Tab. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let serial = 0;

/**
 * The element focused last outside any dialog, across all apps of the page: the opener of a dialog
 * may already have lost focus when the dialog mounts (a button that disables itself while it waits
 * for the answer), so the opener is the last element focused before the dialog.
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLElement && !target.closest('dialog')) lastFocused = target;
  });
}

/** An open modal dialog that does not contain `el` (a dialog opened meanwhile keeps the focus). */
function otherDialogOpen(el: HTMLElement): boolean {
  return [...document.querySelectorAll('dialog[open]')].some((dialog) => !dialog.contains(el));
}

/**
 * Gives focus back to `el` once it can take it again (it may be disabled until the answer is
 * handled). An opener inside another dialog (a question asked from the table dialog) gets it back too.
 */
function returnFocus(el: HTMLElement | null): void {
  if (!el) return;
  let tries = 0;
  const attempt = () => {
    if (!el.isConnected || document.activeElement === el || otherDialogOpen(el)) return;
    el.focus();
    if (document.activeElement !== el && ++tries < 20) window.setTimeout(attempt, 25);
  };
  attempt();
}

/**
 * How the dialog sits on the screen: a centred card (questions, forms), the whole screen (table
 * number, ready overlay), a sheet from the left edge (the shell's drawer) or a dark lightbox (images).
 */
export type ModalDialogVariant = 'card' | 'fullscreen' | 'side' | 'lightbox';

/**
 * The one modal dialog of the shop (every overlay, sheet and modal of the shell and the remotes):
 * a native `<dialog>` opened with `showModal()`, so the page behind is inert and the dialog is
 * announced as modal. Focus moves in (to the element with `autoFocus`, else the first focusable
 * one), Tab and Shift+Tab stay inside, Escape and a tap on the backdrop close it when `dismissible`
 * (the spec's blocking questions are not), and on close focus returns to the element that opened
 * it. Registered with the shell's navigation guard: navigating while it is open closes it and
 * cancels the navigation (requirements#screens).
 */
export function ModalDialog({
  title,
  description,
  hideTitle = false,
  onClose,
  dismissible = true,
  closeOnBackdrop = dismissible,
  children,
  maxWidth = 440,
  className,
  testId,
  role = 'dialog',
  variant = 'card',
  navigationGuard = true,
}: {
  title: string;
  /** The dialog's message under the title; screen readers read it with the title (aria-describedby). */
  description?: string | undefined;
  /** The title names the dialog for screen readers but is not shown (the content has its own heading). */
  hideTitle?: boolean;
  onClose: () => void;
  /** Escape and the backdrop close it (default); false for questions that must be answered. */
  dismissible?: boolean;
  /** A tap on the backdrop closes it too (default: when dismissible). */
  closeOnBackdrop?: boolean;
  children: ReactNode;
  maxWidth?: number;
  className?: string;
  testId?: string;
  role?: 'dialog' | 'alertdialog';
  variant?: ModalDialogVariant;
  /** Registered with the shell's navigation guard (default); false where the owner registers it itself (the drawer). */
  navigationGuard?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Not useId: every remote has its own React root, and their ids would collide.
  const titleId = useRef(`shop-dialog-${++serial}`).current;
  const close = useRef(onClose);
  close.current = onClose;
  useShellLayer(navigationGuard, () => close.current(), { escape: false });

  useLayoutEffect(() => {
    const dialog = ref.current;
    const active = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    // The focused element opened it, unless it sits in a dialog that is closing (then the last one
    // focused outside dialogs did); an opener in another open dialog gets focus back as well.
    const inDialog = active?.closest('dialog');
    const opener = active && (!inDialog || inDialog.open) ? active : lastFocused;
    if (dialog && !dialog.open) {
      dialog.showModal();
      const first = dialog.querySelector<HTMLElement>('[autofocus], [data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? dialog).focus();
    }
    return () => {
      if (dialog?.open) dialog.close();
      returnFocus(opener);
    };
  }, []);

  // Tab stays inside; a click on the dialog element itself is a click on its backdrop (the content
  // has a wrapper). Listeners on the element, which handles them as a whole.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (closeOnBackdrop && event.target === dialog) close.current();
    };
    dialog.addEventListener('keydown', onKey);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('keydown', onKey);
      dialog.removeEventListener('click', onClick);
    };
  }, [closeOnBackdrop]);

  return (
    <dialog
      ref={ref}
      className={[css.dialog, css[variant], className ?? ''].join(' ')}
      style={variant === 'card' ? { maxWidth } : undefined}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? `${titleId}-text` : undefined}
      data-testid={testId}
      tabIndex={-1}
      onCancel={(event) => {
        // Escape: the dialog closes through its owner's state, never by itself.
        event.preventDefault();
        if (dismissible) close.current();
      }}
    >
      <div className={variant === 'card' ? css.inner : css[`${variant}Inner`]}>
        <h2 id={titleId} className={hideTitle ? css.visuallyHidden : css.title}>
          {title}
        </h2>
        {description ? (
          <p id={`${titleId}-text`} className={css.description}>
            {description}
          </p>
        ) : null}
        {children}
      </div>
    </dialog>
  );
}
