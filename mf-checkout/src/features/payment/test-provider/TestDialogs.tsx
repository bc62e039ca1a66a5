import { useState } from 'react';
import { formatEuro, type Cents } from '@shop/shared/domain/money';
import { de, fill } from '@shop/shared/i18n';
import { Button, Notice, TestModeBadge } from '@shop/shared/ui';
import { Field } from '../../ui/fields';
import { Modal } from '../../ui/Modal';
import { formatCardNumber, tokenizeTestCard } from './test-cards';
import css from '../payment.module.css';

const t = de.checkout;

/**
 * The offline test provider's card form (test mode only). Like Stripe.js it turns the card into a
 * token in the browser; only the token and the expiry label are sent to the shop.
 */
export function TestCardForm({ onToken, onClose, busy }: { onToken: (token: string, exp: string) => void; onClose: () => void; busy: boolean }) {
  const [number, setNumber] = useState('');
  const [exp, setExp] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const result = tokenizeTestCard({ number, exp, cvc }, Date.now());
    if (!result.ok) {
      const message = { number: t.testCardInvalidNumber, exp: t.testCardInvalidExpiry, cvc: t.testCardInvalidCvc, unknown: t.testCardUnknown }[result.field];
      // Card form error in the add-card dialog: the provider's message with 'Korrigieren bitte Deine Eingabe!'.
      setError(`${message} ${t.cardFormCorrect}`);
      return;
    }
    setError(null);
    onToken(result.token, result.exp);
  };
  return (
    <Modal title={t.testCardTitle} onClose={onClose} testId="test-card-form">
      <p>
        <TestModeBadge />
      </p>
      <p className={css.small}>{t.testCardHint}</p>
      <Field
        label={t.testCardNumber}
        value={number}
        onValue={(v) => setNumber(formatCardNumber(v))}
        inputMode="numeric"
        autoComplete="off"
        testId="test-card-number"
      />
      <div className={css.row}>
        <Field
          label={t.testCardExpiry}
          value={exp}
          onValue={(v) =>
            setExp(
              v
                .replace(/[^\d/]/g, '')
                .replace(/^(\d{2})(\d)/, '$1/$2')
                .slice(0, 5),
            )
          }
          inputMode="numeric"
          autoComplete="off"
          placeholder="MM/JJ"
          testId="test-card-exp"
        />
        <Field
          label={t.testCardCvc}
          value={cvc}
          onValue={(v) => setCvc(v.replace(/\D/g, '').slice(0, 4))}
          inputMode="numeric"
          autoComplete="off"
          testId="test-card-cvc"
          onEnter={submit}
        />
      </div>
      {error ? (
        <Notice error testId="test-card-error">
          {error}
        </Notice>
      ) : null}
      <div className={css.dialogActions}>
        <Button variant="ghost" onClick={onClose}>
          {t.back}
        </Button>
        <Button onClick={submit} disabled={busy} data-testid="test-card-save">
          {t.testCardSave}
        </Button>
      </div>
    </Modal>
  );
}

/** A yes/no dialog of the test provider: 3-D Secure challenge, PayPal approval, wallet sheet. */
export function TestApprovalDialog({
  title,
  text,
  amount,
  approveLabel,
  onAnswer,
  testId,
}: {
  title: string;
  text: string;
  amount: Cents;
  approveLabel: string;
  onAnswer: (approve: boolean) => void;
  testId: string;
}) {
  return (
    <Modal title={title} onClose={() => onAnswer(false)} testId={testId}>
      <p>
        <TestModeBadge />
      </p>
      <p>{fill(text, { amount: formatEuro(amount) })}</p>
      <div className={css.dialogActions}>
        <Button variant="ghost" onClick={() => onAnswer(false)} data-testid={`${testId}-decline`}>
          {t.threeDsDecline}
        </Button>
        <Button onClick={() => onAnswer(true)} data-testid={`${testId}-approve`}>
          {approveLabel}
        </Button>
      </div>
    </Modal>
  );
}
