import type { ReactNode } from 'react';
import { account as accountTexts } from '@shop/shared/i18n/account';
import { signin as w } from '@shop/shared/i18n/signin';
import { Notice } from '@shop/shared/ui';
import css from './widget.module.css';

/** The busy bar of a widget step (after 500 ms, see useBusy). */
export function BusyBar({ show }: { show: boolean }) {
  return show ? <div className={css.spinner} role="progressbar" aria-label={w.busy} data-testid="widget-busy" /> : null;
}

/**
 * One screen of the widget: a heading, an optional intro, a form-level error, the content. The widget
 * lives on the page 'Anmelden' (its h1): a screen titled the same gets no second heading.
 */
export function Screen({
  title,
  intro,
  error,
  testId,
  children,
}: {
  title: string;
  intro?: ReactNode;
  error?: string | null;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div className={css.widget} data-testid={testId}>
      {title && title !== accountTexts.signInTitle ? <h2 className={css.heading}>{title}</h2> : null}
      {intro ? <p className={css.intro}>{intro}</p> : null}
      {error ? (
        <Notice error testId="widget-error">
          {error}
        </Notice>
      ) : null}
      {children}
    </div>
  );
}

/** A text link that is a button (switching screens, resending). */
export function LinkButton({ children, onClick, disabled, testId }: { children: ReactNode; onClick: () => void; disabled?: boolean; testId?: string }) {
  return (
    <button type="button" className={css.linkButton} onClick={onClick} disabled={disabled} data-testid={testId}>
      {children}
    </button>
  );
}
