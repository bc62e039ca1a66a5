import { formatEuro, type Cents } from '@shop/shared/domain/money';
import { TIP_OPTIONS, tipAmount, type TipPercent } from '@shop/shared/domain/tip';
import { de, fill } from '@shop/shared/i18n';
import { Icon } from '@shop/shared/ui';
import css from './steps.module.css';

/** Step 2 of the tip flow: 0 %, 5 %, 10 %, 15 % (requirements#checkout-screens), each with an icon, the selected one highlighted. */
export function TipStep({ payerSum, percent, onChange }: { payerSum: Cents; percent: TipPercent; onChange: (p: TipPercent) => void }) {
  return (
    <div className={css.step} data-testid="step-tip">
      <div className={css.tips} role="radiogroup" aria-label={de.checkout.tipTitle}>
        {TIP_OPTIONS.map((p) => (
          <button
            key={p}
            type="button"
            role="radio"
            aria-checked={p === percent}
            className={[css.tip, p === percent ? css.tipSelected : ''].join(' ')}
            onClick={() => onChange(p)}
            data-testid={`tip-${p}`}
          >
            <Icon name={p === 0 ? 'close' : 'heart'} size={20} />
            {fill(de.checkout.tipOption, { percent: p })}
          </button>
        ))}
      </div>
      <p data-testid="tip-amount">{fill(de.checkout.tipAmount, { amount: formatEuro(tipAmount(payerSum, percent)) })}</p>
    </div>
  );
}
