import { useState, type FormEvent } from 'react';
import { emailProblem } from '@shop/shared/domain/person';
import { account as texts } from '@shop/shared/i18n/account';
import { fill } from '@shop/shared/i18n/fill';
import { Link } from '@shop/shared/react';
import { Button, Notice, Page, TextField } from '@shop/shared/ui';
import { sendPasswordReset } from '../../auth/account-flows';
import css from '../account.module.css';

/** resetPassword: password recovery and its sent page; sends the reset e-mail (requirements#shop-behaviour, requirements#calls, requirements#errors). */
export function ResetPasswordPage() {
  // The widget's 'Probleme bei der Anmeldung?' link passes the e-mail already typed.
  const [email, setEmail] = useState(() => new URLSearchParams(window.location.search).get('email') ?? '');
  const [attempted, setAttempted] = useState(false);
  const [result, setResult] = useState<'sent' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  const issue = attempted ? emailProblem(email) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setResult(null);
    if (emailProblem(email)) return;
    setBusy(true);
    setResult((await sendPasswordReset(email)) ? 'sent' : 'failed');
    setBusy(false);
  };

  return (
    <Page title={texts.resetTitle} testId="reset-page">
      {result === 'sent' ? (
        <div className={css.notice}>
          <Notice testId="reset-sent">{fill(texts.resetSent, { email: email.trim() })}</Notice>
        </div>
      ) : (
        <form className={css.form} onSubmit={(e) => void submit(e)} noValidate>
          <p className={css.info}>{texts.resetIntro}</p>
          {result === 'failed' ? (
            <div className={css.formError}>
              <Notice error testId="reset-failed">
                {texts.resetFailed}
              </Notice>
            </div>
          ) : null}
          <TextField
            label={texts.email}
            type="email"
            autoComplete="email"
            value={email}
            onValue={setEmail}
            error={issue === 'empty' ? texts.emailEmpty : issue === 'invalid' ? texts.emailInvalid : undefined}
          />
          <Button type="submit" block disabled={busy}>
            {texts.resetSend}
          </Button>
        </form>
      )}
      <div className={css.links}>
        <Link to="Anmelden">{texts.toSignIn}</Link>
      </div>
    </Page>
  );
}
