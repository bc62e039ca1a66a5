import { useId, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import { de } from '@shop/shared/i18n';
import { Icon } from '@shop/shared/ui';
import css from './fields.module.css';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  /** Enter in this field continues (the last field of a step). */
  onEnter?: () => void;
  testId?: string;
}

/** A text field with a clear button (requirements#checkout-screens: fields have clear buttons, Enter in the last field continues). */
export function Field({ label, value, onValue, error, onEnter, testId, id, ...rest }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && onEnter) {
      e.preventDefault();
      onEnter();
    }
  };
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={css.inputWrap}>
        <input
          id={inputId}
          className={[css.input, error ? css.invalid : ''].join(' ')}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid={testId}
          {...rest}
        />
        {value !== '' && !rest.disabled ? (
          <button type="button" className={css.clear} aria-label={`${de.checkout.clearField}: ${label}`} tabIndex={-1} onClick={() => onValue('')}>
            <Icon name="close" size={18} />
          </button>
        ) : null}
      </div>
      {error ? (
        <span id={errorId} className={css.error} role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * A multi-line field. As the last field of a step (`onEnter`), Enter continues like in every other
 * last field (requirements#checkout-validation); Shift+Enter makes a new line.
 */
export function TextArea({
  label,
  value,
  onValue,
  onEnter,
  testId,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  onEnter?: () => void;
  testId?: string;
}) {
  const id = useId();
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing && onEnter) {
      e.preventDefault();
      onEnter();
    }
  };
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className={css.textarea}
        value={value}
        maxLength={500}
        rows={3}
        onChange={(e) => onValue(e.target.value)}
        onKeyDown={onKeyDown}
        data-testid={testId}
      />
    </div>
  );
}

export function Check({
  label,
  checked,
  onChange,
  testId,
  children,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <label className={css.check}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} />
      <span>
        {label}
        {children}
      </span>
    </label>
  );
}

export interface SelectOption {
  readonly value: string;
  readonly label: string;
  readonly disabled?: boolean;
}

export function Select({
  label,
  value,
  options,
  onValue,
  placeholder,
  error,
  disabled,
  testId,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onValue: (v: string) => void;
  placeholder?: string;
  error?: string | undefined;
  disabled?: boolean;
  testId?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={[css.input, css.select, error ? css.invalid : ''].join(' ')}
        value={value}
        disabled={disabled}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <span id={errorId} className={css.error} role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function RadioCard({
  name,
  checked,
  onSelect,
  children,
  testId,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <label className={[css.radioCard, checked ? css.radioChecked : ''].join(' ')} data-testid={testId}>
      <input type="radio" name={name} checked={checked} onChange={onSelect} />
      <span className={css.radioBody}>{children}</span>
    </label>
  );
}
