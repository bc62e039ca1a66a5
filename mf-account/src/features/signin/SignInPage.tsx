import { useState, type FormEvent } from 'react';
import { emailProblem, passwordProblem } from '@shop/shared/domain/person';
import { account as texts } from '@shop/shared/i18n/account';
import { fill } from '@shop/shared/i18n/fill';
import { Link } from '@shop/shared/react';
import { Button, Notice, Page, Skeleton, TextField, buttonClass } from '@shop/shared/ui';
import { signInWithPassword } from '../../auth/account-flows';
import { authErrorText, type AuthErrorField } from '../../auth/auth-errors';
import { useSession } from '../../auth/use-session';
import css from '../account.module.css';

type Errors = Partial<Record<AuthErrorField, string>>;

function validate(email: string, password: string): Errors {
  const errors: Errors = {};
  const emailIssue = emailProblem(email);
  if (emailIssue) errors.email = emailIssue === 'empty' ? texts.emailEmpty : texts.emailInvalid;
  if (passwordProblem(password, 'signIn')) errors.password = texts.passwordEmpty;
  return errors;
}

/** Anmelden: e-mail and password (shop-spec §4 Login, §5 validation, §8 errors). */
export function SignInPage() {
  const { ready, user } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [serverError, setServerError] = useState<{ field: AuthErrorField; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  if (!ready) {
    return (
      <Page title={texts.signInTitle} testId="signin-page">
        <Skeleton height={200} />
      </Page>
    );
  }
  if (user && !busy) {
    return (
      <Page title={texts.signInTitle} testId="signin-page">
        <Notice testId="signin-already">{fill(texts.signedInAs, { name: user.displayName || user.email || '' })}</Notice>
        <div className={css.links}>
          <Link to="Account" className={buttonClass()}>
            {texts.accountTitle}
          </Link>
        </div>
      </Page>
    );
  }

  const errors: Errors = attempted ? validate(email, password) : {};
  const fieldError = (field: AuthErrorField) => errors[field] ?? (serverError?.field === field ? serverError.text : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setServerError(null);
    if (Object.keys(validate(email, password)).length > 0) return;
    setBusy(true);
    try {
      await signInWithPassword(email, password);
    } catch (error) {
      setServerError(authErrorText(error));
      setBusy(false);
    }
  };

  return (
    <Page title={texts.signInTitle} testId="signin-page">
      <form className={css.form} onSubmit={(e) => void submit(e)} noValidate>
        {serverError?.field === 'form' ? (
          <div className={css.formError}>
            <Notice error testId="signin-error">
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
          data-testid="signin-email"
        />
        <TextField
          label={texts.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValue={(v) => {
            setPassword(v);
            if (serverError?.field === 'password') setServerError(null);
          }}
          error={fieldError('password')}
          data-testid="signin-password"
        />
        <Button type="submit" block disabled={busy} data-testid="signin-submit">
          {texts.signIn}
        </Button>
      </form>
      <div className={css.links}>
        <Link to="resetPassword">{texts.forgotPassword}</Link>
        <span>
          {texts.noAccountYet} <Link to="Registrierung">{texts.toRegistration}</Link>
        </span>
      </div>
    </Page>
  );
}
