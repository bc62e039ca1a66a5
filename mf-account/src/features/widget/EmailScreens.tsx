import { useState, type FormEvent } from 'react';
import type { SignInProvider } from '@shop/shared/contract';
import { emailProblem, isFullName, passwordProblem } from '@shop/shared/domain/person';
import { offersEmail, providerButtons, type FederatedProviderId } from '@shop/shared/domain/sign-in';
import { account as t } from '@shop/shared/i18n/account';
import { fill } from '@shop/shared/i18n/fill';
import { signin as w } from '@shop/shared/i18n/signin';
import { Link } from '@shop/shared/react';
import { Button, TextField } from '@shop/shared/ui';
import { BusyBar, LinkButton, Screen } from './parts';
import css from './widget.module.css';

export type FieldErrors = Partial<Record<'email' | 'password' | 'name', string>>;

function emailError(email: string): string | undefined {
  const issue = emailProblem(email);
  return issue === 'empty' ? t.emailEmpty : issue === 'invalid' ? t.emailInvalid : undefined;
}

const providerLabel = (id: string) => w.providerNames[id] ?? id;

/** Provider choice with the e-mail entry first (requirements#shop-behaviour: the e-mail is entered, then its methods are looked up). */
export function SelectScreen(props: {
  providers: readonly SignInProvider[];
  anonymous: boolean;
  busy: boolean;
  spinner: boolean;
  error: string | null;
  serverErrors: FieldErrors;
  onEmail: (email: string) => void;
  onProvider: (id: FederatedProviderId) => void;
  onPhone: () => void;
  onGuest: () => void;
}) {
  const [email, setEmail] = useState('');
  const [attempted, setAttempted] = useState(false);
  const buttons = providerButtons(props.providers).filter((b) => !(b === 'anonymous' && props.anonymous));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!emailError(email)) props.onEmail(email);
  };
  return (
    <Screen
      title={props.anonymous ? w.createTitle : w.chooseTitle}
      intro={props.anonymous ? w.guestInfo : undefined}
      error={props.error}
      testId="widget-select"
    >
      <BusyBar show={props.spinner} />
      {offersEmail(props.providers) ? (
        <form className={css.form} onSubmit={submit} noValidate>
          <TextField
            label={w.emailLabel}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onValue={setEmail}
            error={(attempted ? emailError(email) : undefined) ?? props.serverErrors.email}
            data-testid="signin-email"
          />
          <Button type="submit" block disabled={props.busy} data-testid="signin-next">
            {w.next}
          </Button>
        </form>
      ) : null}
      {buttons.length > 0 && offersEmail(props.providers) ? <div className={css.divider}>{w.or}</div> : null}
      <div className={css.providers}>
        {buttons.map((id) =>
          id === 'phone' ? (
            <Button key={id} variant="secondary" block disabled={props.busy} onClick={props.onPhone} data-testid="signin-phone">
              {w.withPhone}
            </Button>
          ) : id === 'anonymous' ? (
            <Button key={id} variant="ghost" block disabled={props.busy} onClick={props.onGuest} data-testid="signin-guest">
              {w.asGuest}
            </Button>
          ) : (
            <Button key={id} variant="secondary" block disabled={props.busy} onClick={() => props.onProvider(id)} data-testid={`signin-provider-${id}`}>
              {fill(w.withProvider, { provider: providerLabel(id) })}
            </Button>
          ),
        )}
      </div>
      {!props.anonymous && buttons.includes('anonymous') ? <p className={css.intro}>{w.guestInfo}</p> : null}
    </Screen>
  );
}

/** Password sign-in (requirements#shop-behaviour), also the linking page when a provider waits to be linked. */
export function PasswordScreen(props: {
  email: string;
  linking?: { providerId: string } | undefined;
  emailLink: boolean;
  busy: boolean;
  spinner: boolean;
  error: string | null;
  serverErrors: FieldErrors;
  onSubmit: (password: string) => void;
  onSendLink: () => void;
  onBack: () => void;
}) {
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!passwordProblem(password, 'signIn')) props.onSubmit(password);
  };
  const intro = props.linking
    ? fill(w.linkingPassword, { email: props.email, provider: providerLabel(props.linking.providerId) })
    : fill(w.passwordFor, { email: props.email });
  return (
    <Screen title={props.linking ? w.linkingTitle : w.passwordTitle} intro={intro} error={props.error} testId="widget-password">
      <BusyBar show={props.spinner} />
      <form className={css.form} onSubmit={submit} noValidate>
        <input type="email" name="email" autoComplete="username" value={props.email} readOnly hidden />
        <TextField
          label={t.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          error={(attempted && passwordProblem(password, 'signIn') ? t.passwordEmpty : undefined) ?? props.serverErrors.password}
          data-testid="signin-password"
        />
        <Button type="submit" block disabled={props.busy} data-testid="signin-submit">
          {t.signIn}
        </Button>
      </form>
      <div className={css.links}>
        <Link to="resetPassword" query={{ email: props.email }} data-testid="signin-trouble">
          {w.troubleSigningIn}
        </Link>
        {props.emailLink ? (
          <LinkButton onClick={props.onSendLink} disabled={props.busy} testId="signin-send-link">
            {w.sendLinkInstead}
          </LinkButton>
        ) : null}
        <LinkButton onClick={props.onBack} testId="signin-back">
          {w.back}
        </LinkButton>
      </div>
    </Screen>
  );
}

function createErrors(email: string, name: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  const mail = emailError(email);
  if (mail) errors.email = mail;
  // The full name is optional; when given it must be a first and last name (requirements#shop-validation).
  if (name.trim() !== '' && !isFullName(name)) errors.name = t.fullNameInvalid;
  const pw = passwordProblem(password, 'signUp');
  if (pw) errors.password = pw === 'empty' ? t.passwordEmpty : t.weakPassword;
  return errors;
}

/** Account creation with an optional full name (requirements#sign-in). */
export function CreateScreen(props: {
  email: string;
  emailLink: boolean;
  busy: boolean;
  spinner: boolean;
  error: string | null;
  serverErrors: FieldErrors;
  onSubmit: (input: { email: string; name: string; password: string }) => void;
  onSendLink: () => void;
  onBack: () => void;
}) {
  const [email, setEmail] = useState(props.email);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const errors = attempted ? createErrors(email, name, password) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (Object.keys(createErrors(email, name, password)).length === 0) props.onSubmit({ email, name, password });
  };
  return (
    <Screen title={w.createTitle} error={props.error} testId="widget-create">
      <BusyBar show={props.spinner} />
      <form className={css.form} onSubmit={submit} noValidate>
        <TextField
          label={w.emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onValue={setEmail}
          error={errors.email ?? props.serverErrors.email}
          data-testid="register-email"
        />
        <TextField label={w.fullNameOptional} name="name" autoComplete="name" value={name} onValue={setName} error={errors.name} data-testid="register-name" />
        <TextField
          label={w.choosePassword}
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          error={errors.password ?? props.serverErrors.password}
          data-testid="register-password"
        />
        <Button type="submit" block disabled={props.busy} data-testid="register-submit">
          {w.save}
        </Button>
      </form>
      <div className={css.links}>
        {props.emailLink ? (
          <LinkButton onClick={props.onSendLink} disabled={props.busy} testId="signin-send-link">
            {w.sendLinkInstead}
          </LinkButton>
        ) : null}
        <LinkButton onClick={props.onBack} testId="signin-back">
          {w.back}
        </LinkButton>
      </div>
    </Screen>
  );
}

/** E-mail link sent, with the way to the not-received page (requirements#shop-behaviour widget screens). */
export function LinkSentScreen({
  email,
  linking,
  onNotReceived,
  onBack,
}: {
  email: string;
  linking?: string | undefined;
  onNotReceived: () => void;
  onBack: () => void;
}) {
  return (
    <Screen title={w.linkSentTitle} testId="widget-link-sent">
      {linking ? <p className={css.intro}>{fill(w.linkingEmailLink, { email, provider: providerLabel(linking) })}</p> : null}
      <p className={css.intro} data-testid="link-sent-text">
        {fill(w.linkSent, { email })}
      </p>
      <div className={css.links}>
        <LinkButton onClick={onNotReceived} testId="link-not-received">
          {w.notReceivedLink}
        </LinkButton>
        <LinkButton onClick={onBack} testId="signin-back">
          {w.back}
        </LinkButton>
      </div>
    </Screen>
  );
}

export function NotReceivedScreen({ busy, error, onResend, onBack }: { busy: boolean; error: string | null; onResend: () => void; onBack: () => void }) {
  return (
    <Screen title={w.notReceivedTitle} intro={w.notReceivedIntro} error={error} testId="widget-not-received">
      <ul className={css.tips}>
        {w.notReceivedTips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <p className={css.intro}>{w.notReceivedResend}</p>
      <Button block disabled={busy} onClick={onResend} data-testid="link-resend">
        {w.resend}
      </Button>
      <div className={css.links}>
        <LinkButton onClick={onBack}>{w.back}</LinkButton>
      </div>
    </Screen>
  );
}

/**
 * The e-mail belongs to a provider: continue with it (a button, so the popup opens on a tap). When a
 * credential of another provider waits, this is the linking page.
 */
export function FederatedScreen(props: {
  email: string;
  providerId: FederatedProviderId;
  linking?: string | undefined;
  busy: boolean;
  error: string | null;
  onContinue: () => void;
  onBack: () => void;
}) {
  const intro = props.linking
    ? fill(w.linkingFederated, { email: props.email, existing: providerLabel(props.providerId), provider: providerLabel(props.linking) })
    : undefined;
  return (
    <Screen title={props.linking ? w.linkingTitle : w.chooseTitle} intro={intro} error={props.error} testId="widget-federated">
      <Button block disabled={props.busy} onClick={props.onContinue} data-testid="signin-federated-continue">
        {fill(w.continueWithProvider, { provider: providerLabel(props.providerId) })}
      </Button>
      <div className={css.links}>
        <LinkButton onClick={props.onBack}>{w.back}</LinkButton>
      </div>
    </Screen>
  );
}

export function UnsupportedScreen({ email, method, onBack }: { email: string; method: string; onBack: () => void }) {
  return (
    <Screen title={w.unsupportedTitle} intro={fill(w.unsupported, { email, provider: providerLabel(method) })} testId="widget-unsupported">
      <div className={css.links}>
        <LinkButton onClick={onBack}>{w.back}</LinkButton>
      </div>
    </Screen>
  );
}

/** Signed in with another e-mail than the one typed (requirements#shop-behaviour: e-mail mismatch page). */
export function MismatchScreen({ entered, actual, onContinue, onCancel }: { entered: string; actual: string; onContinue: () => void; onCancel: () => void }) {
  return (
    <Screen title={w.mismatchTitle} intro={fill(w.mismatch, { entered, actual })} testId="widget-mismatch">
      <Button block onClick={onContinue} data-testid="mismatch-continue">
        {fill(w.continueAs, { email: actual })}
      </Button>
      <Button variant="ghost" block onClick={onCancel} data-testid="mismatch-cancel">
        {w.cancel}
      </Button>
    </Screen>
  );
}
