import { useState, type FormEvent } from 'react';
import { emailProblem, isFullName, passwordProblem } from '@shop/shared/domain/person';
import { account as texts } from '@shop/shared/i18n/account';
import { signedInText } from '../../auth/signed-in-text';
import { Link } from '@shop/shared/react';
import { Button, Notice, Page, Skeleton, TextField, buttonClass } from '@shop/shared/ui';
import { completeSignIn } from '../../auth/after-sign-in';
import { createAccount } from '../../auth/email-flows';
import { authErrorText, type AuthErrorField } from '../../auth/auth-errors';
import { useSession } from '../../auth/use-session';
import css from '../account.module.css';

type Errors = Partial<Record<AuthErrorField, string>>;

function validate(email: string, name: string, password: string): Errors {
  const errors: Errors = {};
  const emailIssue = emailProblem(email);
  if (emailIssue) errors.email = emailIssue === 'empty' ? texts.emailEmpty : texts.emailInvalid;
  // The full name is optional; when given it must be a first and last name (requirements#shop-validation).
  if (name.trim() !== '' && !isFullName(name)) errors.name = texts.fullNameInvalid;
  const passwordIssue = passwordProblem(password, 'signUp');
  if (passwordIssue) errors.password = passwordIssue === 'empty' ? texts.passwordEmpty : texts.weakPassword;
  return errors;
}

/**
 * Registrierung: account creation with e-mail, optional full name and password (the widget's
 * account creation page, reachable directly). An anonymous guest is upgraded.
 */
export function RegisterPage() {
  const { ready, user } = useSession();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<{ field: AuthErrorField; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  if (!ready) {
    return (
      <Page title={texts.registerTitle} testId="register-page">
        <Skeleton height={260} />
      </Page>
    );
  }
  // An anonymous guest creates the account here too: it is an upgrade (same uid, orders kept).
  if (user && !user.isAnonymous && !busy) {
    return (
      <Page title={texts.registerTitle} testId="register-page">
        <Notice>{signedInText(user)}</Notice>
        <div className={css.links}>
          <Link to="Account" className={buttonClass()}>
            {texts.accountTitle}
          </Link>
        </div>
      </Page>
    );
  }

  const errors: Errors = attempted ? validate(email, name, password) : {};
  const fieldError = (field: AuthErrorField) => errors[field] ?? (serverError?.field === field ? serverError.text : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (Object.keys(validate(email, name, password)).length > 0) return;
    setBusy(true);
    try {
      await completeSignIn(await createAccount(email, password, name));
    } catch (error) {
      setServerError(authErrorText(error));
      setBusy(false);
    }
  };

  return (
    <Page title={texts.registerTitle} testId="register-page">
      <form className={css.form} onSubmit={(e) => void submit(e)} noValidate>
        {serverError?.field === 'form' ? (
          <div className={css.formError}>
            <Notice error testId="register-error">
              {serverError.text}
            </Notice>
          </div>
        ) : null}
        <TextField
          label={texts.email}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onValue={(v) => {
            setEmail(v);
            if (serverError?.field === 'email') setServerError(null);
          }}
          error={fieldError('email')}
          data-testid="register-email"
        />
        <TextField
          label={texts.fullNameOptional}
          name="name"
          autoComplete="name"
          value={name}
          onValue={setName}
          error={fieldError('name')}
          data-testid="register-name"
        />
        <TextField
          label={texts.password}
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onValue={(v) => {
            setPassword(v);
            if (serverError?.field === 'password') setServerError(null);
          }}
          error={fieldError('password')}
          data-testid="register-password"
        />
        <Button type="submit" block disabled={busy} data-testid="register-submit">
          {texts.register}
        </Button>
      </form>
      <div className={css.links}>
        <span>
          {texts.haveAccount} <Link to="Anmelden">{texts.toSignIn}</Link>
        </span>
      </div>
    </Page>
  );
}
