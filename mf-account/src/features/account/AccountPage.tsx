import { useState } from 'react';
import { emit } from '@shop/shared/bus';
import { account as texts } from '@shop/shared/i18n/account';
import { signedInText } from '../../auth/signed-in-text';
import { profile as p } from '@shop/shared/i18n/profile';
import { Link } from '@shop/shared/react';
import { Button, Notice, Page, Skeleton, buttonClass } from '@shop/shared/ui';
import { signOutUser } from '../../auth/account-flows';
import { useSession } from '../../auth/use-session';
import css from '../account.module.css';
import { DeleteSection, EmailSection, PasswordSection } from './AccountSecurity';
import { ProfileForm } from './ProfileForm';

/**
 * Account: the signed-in user and the profile (name, phone, addresses; e-mail verification and
 * change; password; deletion), links to orders and stamp card, sign-out (requirements#sign-in, issue
 * 14). An anonymous guest session is offered the upgrade to an account.
 */
export function AccountPage() {
  const { ready, user } = useSession();
  const [signedOut, setSignedOut] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!ready) {
    return (
      <Page title={texts.accountTitle} testId="account-page">
        <Skeleton height={180} />
      </Page>
    );
  }

  if (!user) {
    return (
      <Page title={texts.accountTitle} testId="account-page">
        {signedOut ? (
          <div className={css.notice}>
            <Notice testId="account-signed-out">{signedOut}</Notice>
          </div>
        ) : null}
        <p className={css.info}>{texts.notSignedIn}</p>
        <div className={css.actions}>
          <Link to="Anmelden" className={buttonClass('primary', true)} data-testid="account-to-signin">
            {texts.toSignIn}
          </Link>
          <Link to="Registrierung" className={buttonClass('ghost', true)}>
            {texts.toRegistration}
          </Link>
          <Link to="Einstellungen" className={buttonClass('ghost', true)} data-testid="account-to-settings">
            {texts.toSettings}
          </Link>
        </div>
      </Page>
    );
  }

  const signOut = async () => {
    setBusy(true);
    try {
      await signOutUser();
      setSignedOut(texts.signedOut);
      emit('shell:overlay', { kind: 'snackbar', text: texts.signedOut });
    } catch (error) {
      console.error('[mf_account] sign-out failed', error);
      emit('shell:overlay', { kind: 'snackbar', text: texts.problem });
    } finally {
      setBusy(false);
    }
  };

  const links = (
    <>
      <Link to="Bestellungen" className={buttonClass('secondary', true)}>
        {texts.myOrders}
      </Link>
      <Link to="Stempelkarte" className={buttonClass('secondary', true)}>
        {texts.stampCard}
      </Link>
      <Link to="Einstellungen" className={buttonClass('secondary', true)} data-testid="account-to-settings">
        {texts.toSettings}
      </Link>
      <Button variant="ghost" block disabled={busy} onClick={() => void signOut()} data-testid="account-sign-out">
        {texts.signOut}
      </Button>
    </>
  );

  if (user.isAnonymous) {
    return (
      <Page title={texts.accountTitle} testId="account-page">
        <section className={css.card} data-testid="account-guest">
          <h2 className={css.sectionTitle}>{p.guestTitle}</h2>
          <p className={css.muted}>{p.guestInfo}</p>
          <Link to="Anmelden" className={buttonClass('primary', true)} data-testid="account-upgrade">
            {p.guestUpgrade}
          </Link>
        </section>
        <div className={css.actions}>{links}</div>
      </Page>
    );
  }

  return (
    <Page title={texts.accountTitle} testId="account-page">
      <div className={css.card}>
        <p className={css.greeting} data-testid="account-signed-in-as">
          {signedInText(user)}
        </p>
        <dl className={css.facts}>
          {user.displayName ? (
            <div className={css.fact}>
              <dt>{texts.name}</dt>
              <dd data-testid="account-name">{user.displayName}</dd>
            </div>
          ) : null}
          {user.email ? (
            <div className={css.fact}>
              <dt>{texts.email}</dt>
              <dd data-testid="account-email">{user.email}</dd>
            </div>
          ) : null}
          {user.phoneNumber ? (
            <div className={css.fact}>
              <dt>{p.phoneAccount}</dt>
              <dd data-testid="account-phone">{user.phoneNumber}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <ProfileForm fuid={user.uid} fallback={{ name: user.displayName ?? '', phone: user.phoneNumber ?? '' }} />
      <EmailSection user={user} />
      {user.providerId === 'password' ? <PasswordSection /> : null}
      <div className={css.actions}>{links}</div>
      <DeleteSection onDeleted={() => setSignedOut(p.deleted)} />
    </Page>
  );
}
