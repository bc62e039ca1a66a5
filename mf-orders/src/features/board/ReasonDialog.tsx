import { useId, useState } from 'react';
import { CHECKOUT_CONSTANTS } from '@shop/shared/domain/checkout-constants';
import { orders as texts } from '@shop/shared/i18n/orders';
import { fill } from '@shop/shared/i18n/fill';
import { Button, ModalDialog } from '@shop/shared/ui';
import css from './board.module.css';

export interface ReasonRequest {
  readonly kind: 'reject' | 'cancel';
  readonly orderNumber: number;
}

/**
 * Asks the kitchen why an order is rejected or cancelled (the guest reads it): a few presets and
 * free text. The shop's dialog primitive: focus moves in and stays, Escape aborts, focus returns to
 * the button that opened it.
 */
export function ReasonDialog({ request, onAnswer }: { request: ReasonRequest; onAnswer: (reason: string | null) => void }) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const fieldId = useId();
  const valid = reason.trim().length >= CHECKOUT_CONSTANTS.staffReasonMinLength;

  const reject = request.kind === 'reject';
  return (
    <ModalDialog
      title={fill(reject ? texts.boardRejectQuestion : texts.boardCancelQuestion, { number: request.orderNumber })}
      onClose={() => onAnswer(null)}
      closeOnBackdrop={false}
      maxWidth={520}
      className={css.reasonDialog}
      testId="board-reason-dialog"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (valid) onAnswer(reason.trim());
        }}
      >
        <p>{reject ? texts.boardRejectText : texts.boardCancelText}</p>
        <div className={css.presets}>
          {texts.boardReasonPresets.map((preset) => (
            <button key={preset} type="button" className={css.preset} aria-pressed={reason === preset} onClick={() => setReason(preset)}>
              {preset}
            </button>
          ))}
        </div>
        <label htmlFor={fieldId} className={css.reasonLabel}>
          {texts.boardReasonLabel}
        </label>
        <textarea
          id={fieldId}
          value={reason}
          maxLength={CHECKOUT_CONSTANTS.staffReasonMaxLength}
          rows={2}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={tried && !valid}
          aria-describedby={tried && !valid ? `${fieldId}-error` : undefined}
          data-testid="board-reason"
        />
        {tried && !valid ? (
          <p id={`${fieldId}-error`} className={css.reasonError} role="alert">
            {texts.boardReasonMissing}
          </p>
        ) : null}
        <div className={css.actions}>
          <Button type="button" variant="ghost" onClick={() => onAnswer(null)} data-testid="board-reason-abort">
            {texts.boardReasonAbort}
          </Button>
          <Button type="submit" data-testid="board-reason-confirm">
            {reject ? texts.boardReasonConfirmReject : texts.boardReasonConfirmCancel}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
