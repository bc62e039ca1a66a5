import type { ReactNode } from 'react';
import type { FlowId } from '@shop/shared/domain/checkout-validation';
import { de } from '@shop/shared/i18n';
import css from './steps.module.css';

const t = de.checkout;

/** Step 3 of the flows paying on site: how to pay, then placing the order (requirements#checkout-screens, requirements#checkout-behaviour). */
export function ConfirmStep({ flowId, slotDisplay, children }: { flowId: FlowId; slotDisplay?: string | undefined; children?: ReactNode }) {
  return (
    <div className={css.step} data-testid="step-confirm">
      {slotDisplay ? (
        <p>
          <strong>{flowId === 'takeaway' ? t.stepPickupTime : t.stepDeliveryTime}:</strong> {slotDisplay}
        </p>
      ) : null}
      <div className={css.info} data-testid="pay-on-site-info">
        {flowId === 'takeaway' ? (
          <>
            <strong>{t.payAtPickupTitle}</strong>
            <ul>
              {t.payAtPickupMethods.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </>
        ) : (
          t.payAtDeliveryInfo
        )}
      </div>
      {children}
    </div>
  );
}
