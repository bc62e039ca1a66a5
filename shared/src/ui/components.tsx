import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import { MAX_QUANTITY } from '../domain/quantity';
import { shell as shellTexts } from '../i18n/de/shell';
import css from './ui.module.css';

type ButtonVariant = 'primary' | 'secondary' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
}

export function Button({ variant = 'primary', block, className, type = 'button', ...rest }: ButtonProps) {
  const classes = [css.button, variant !== 'primary' ? css[variant] : '', block ? css.block : '', className ?? ''].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}

/** Class names of the button look, for anchors that should look like buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', block = false): string {
  return [css.button, variant !== 'primary' ? css[variant] : '', block ? css.block : ''].filter(Boolean).join(' ');
}

export function Page({ title, children, testId }: { title?: string; children: ReactNode; testId?: string }) {
  return (
    <section className={css.page} data-testid={testId}>
      {title ? <h1 className={css.pageTitle}>{title}</h1> : null}
      {children}
    </section>
  );
}

export function Skeleton({ height = 120, className }: { height?: number; className?: string }) {
  return <div aria-hidden="true" className={[css.skeleton, className ?? ''].join(' ')} style={{ height }} />;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
}

export function TextField({ label, value, onValue, error, id, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={css.field}>
      <label className={css.fieldLabel} htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={[css.input, error ? css.inputInvalid : ''].join(' ')}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      />
      {error ? (
        <span id={errorId} className={css.fieldError} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** +/- counter; minus is disabled at the minimum, plus at the maximum (quantity 1–99, docs/requirements.md#cart-protection). */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max = MAX_QUANTITY,
  labels,
}: {
  value: number;
  onChange: (next: number) => void;
  min?: number;
  max?: number;
  labels: { increase: string; decrease: string };
}) {
  return (
    <span className={css.qty}>
      <button type="button" className={css.qtyButton} aria-label={labels.decrease} disabled={value <= min} onClick={() => onChange(value - 1)}>
        −
      </button>
      <span className={css.qtyValue} aria-live="polite">
        {value}
      </span>
      <button type="button" className={css.qtyButton} aria-label={labels.increase} disabled={value >= max} onClick={() => onChange(value + 1)}>
        +
      </button>
    </span>
  );
}

export function Notice({ children, error, testId }: { children: ReactNode; error?: boolean; testId?: string }) {
  return (
    <div className={[css.notice, error ? css.noticeError : ''].join(' ')} role={error ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  );
}

export function Empty({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className={css.empty} data-testid={testId}>
      {children}
    </div>
  );
}

export function TestModeBadge() {
  return <span className={css.badgeTest}>{shellTexts.testModeBadge}</span>;
}
