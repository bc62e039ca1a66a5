import type { SelectedTime } from '@shop/shared/contract';
import { dayLabel, type DaySlots } from '@shop/shared/domain/time-slots';
import { de } from '@shop/shared/i18n';
import { Select } from '../ui/fields';
import css from './steps.module.css';

const t = de.checkout;

export interface TimeChoice {
  readonly day: DaySlots;
  readonly slot: SelectedTime | null;
}

/**
 * Step 2 of takeaway and delivery (requirements#checkout-screens): a date select (Heute or Morgen, each
 * '… geschlossen' when closed) and a time select.
 */
export function TimeStep({
  days,
  choice,
  onChange,
  error,
  pickupAddress,
}: {
  days: readonly DaySlots[];
  choice: TimeChoice;
  onChange: (choice: TimeChoice) => void;
  error?: string | undefined;
  /** Takeaway: where to pick up. */
  pickupAddress?: string | undefined;
}) {
  return (
    <div className={css.step} data-testid="step-time">
      <Select
        label={t.day}
        value={choice.day.kind}
        options={days.map((d) => ({ value: d.kind, label: dayLabel(d) }))}
        onValue={(kind) => {
          const day = days.find((d) => d.kind === kind) ?? choice.day;
          onChange({ day, slot: null });
        }}
        testId="checkout-day"
      />
      <Select
        label={t.time}
        value={choice.slot ? String(choice.slot.utc) : ''}
        placeholder={choice.day.closed ? dayLabel(choice.day) : t.chooseTime}
        disabled={choice.day.closed}
        options={choice.day.slots.map((s) => ({ value: String(s.utc), label: s.display }))}
        onValue={(utc) => onChange({ day: choice.day, slot: choice.day.slots.find((s) => String(s.utc) === utc) ?? null })}
        error={error}
        testId="checkout-time"
      />
      {pickupAddress ? (
        <p className={css.info} data-testid="pickup-address">
          {t.pickupAt} <strong>{pickupAddress}</strong>
        </p>
      ) : null}
    </div>
  );
}
