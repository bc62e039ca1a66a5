import { useState, type FormEvent } from 'react';
import { emit } from '@shop/shared/bus';
import type { Coupon, OrderMode } from '@shop/shared/contract';
import { de, fill } from '@shop/shared/i18n';
import { Button } from '@shop/shared/ui';
import { redeemCode } from '../../data/redeem';
import css from './cart.module.css';

const t = de.cart;

/** Code entry (requirements#screens, flag enableEnterCode): looks the code up with LoadCoupons and redeems it. */
export function CodeEntry({ mode, onPromo }: { mode: OrderMode; onPromo: (coupon: Coupon) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const outcome = await redeemCode(code, mode);
      if (outcome.kind === 'added') {
        setCode('');
        emit('shell:overlay', { kind: 'snackbar', text: fill(t.couponAdded, { title: outcome.coupon.title }) });
      } else if (outcome.kind === 'promo') {
        setCode('');
        onPromo(outcome.coupon);
      } else if (outcome.kind === 'refused') {
        setError(outcome.message);
      }
    } catch {
      setError(de.cart.shareCartFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={css.codeEntry} onSubmit={submit} data-testid="code-entry">
      <label className={css.codeLabel} htmlFor="cart-code">
        {t.codeLabel}
      </label>
      <div className={css.codeRow}>
        <input
          id="cart-code"
          className={css.codeInput}
          value={code}
          placeholder={t.codePlaceholder}
          autoComplete="off"
          autoCapitalize="characters"
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cart-code-error' : undefined}
          data-testid="code-input"
        />
        <Button type="submit" variant="secondary" disabled={busy} data-testid="code-submit">
          {t.codeRedeem}
        </Button>
      </div>
      {error ? (
        <p id="cart-code-error" className={css.codeError} role="alert" data-testid="code-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
