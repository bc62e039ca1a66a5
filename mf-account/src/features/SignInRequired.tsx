import { account as texts } from '@shop/shared/i18n/account';
import { Link } from '@shop/shared/react';
import { buttonClass } from '@shop/shared/ui';
import css from './account.module.css';

/** What a signed-out guest sees in an area that belongs to an account. */
export function SignInRequired() {
  return (
    <>
      <p className={css.info} data-testid="sign-in-required">
        {texts.signInRequired}
      </p>
      <div className={css.actions}>
        <Link to="Anmelden" className={buttonClass('primary', true)}>
          {texts.toSignIn}
        </Link>
        <Link to="Registrierung" className={buttonClass('ghost', true)}>
          {texts.toRegistration}
        </Link>
      </div>
    </>
  );
}
