import { useState, type FormEvent } from 'react';
import { emit } from '@shop/shared/bus';
import { ActionCallError, callAction } from '@shop/shared/client';
import type { CustomerCard } from '@shop/shared/contract';
import { isValidCardNumber, isValidCheckCode } from '@shop/shared/domain/customer-cards';
import { cards as texts } from '@shop/shared/i18n/cards';
import { Button, Notice, TextField } from '@shop/shared/ui';
import css from '../account.module.css';

/**
 * Karten: the guest adds a customer card the staff handed out, with its number and check code
 * (ADR 0021). Typos in the number are caught here (check digit); the server decides the rest.
 */
export function AddCardForm({ onAdded }: { onAdded: (state: { cards: CustomerCard[]; primaryCardId: string | null }) => void }) {
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ number?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(isValidCardNumber(number) ? {} : { number: texts.numberInvalid }),
      ...(isValidCheckCode(code) ? {} : { code: texts.codeInvalid }),
    };
    setErrors(found);
    if (found.number || found.code) return;
    setBusy(true);
    try {
      const res = await callAction('AddCustomerCard', { rfid: number, checkCode: code });
      if (!res.ok) throw new ActionCallError('AddCustomerCard', res.status, res.error, {});
      onAdded({ cards: res.cards, primaryCardId: res.primaryCardId });
      setNumber('');
      setCode('');
      emit('shell:overlay', { kind: 'snackbar', text: res.added });
    } catch (error) {
      setErrors({ form: error instanceof ActionCallError ? (error.userMessage ?? texts.addFailed) : texts.addFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={css.card} onSubmit={(e) => void submit(e)} data-testid="add-card-form" noValidate>
      <h2 className={css.greeting}>{texts.addTitle}</h2>
      <p className={css.info}>{texts.addInfo}</p>
      {errors.form ? (
        <div className={css.formError}>
          <Notice error testId="add-card-error">
            {errors.form}
          </Notice>
        </div>
      ) : null}
      <TextField
        label={texts.numberLabel}
        value={number}
        onValue={setNumber}
        error={errors.number}
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        data-testid="add-card-number"
      />
      <TextField
        label={texts.codeLabel}
        value={code}
        onValue={setCode}
        error={errors.code}
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        data-testid="add-card-code"
      />
      <Button type="submit" block disabled={busy} data-testid="add-card-submit">
        {texts.addButton}
      </Button>
    </form>
  );
}
