import { useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { needsActionCode, parseWidgetQuery, safeContinuePath } from '@shop/shared/domain/auth-action';
import { account as texts } from '@shop/shared/i18n/account';
import { signedInText } from '../../auth/signed-in-text';
import { Link, useAsync } from '@shop/shared/react';
import { Notice, Page, Skeleton, buttonClass } from '@shop/shared/ui';
import { signInSettings } from '../../auth/firebase';
import { useSession } from '../../auth/use-session';
import { RecoverEmailAction, ResetPasswordAction, UnrecoverablePage, VerifyEmailAction } from '../widget/ActionPages';
import { CallbackPage } from '../widget/CallbackPage';
import { EmailLinkPage } from '../widget/EmailLinkPage';
import { SignInFlow } from '../widget/SignInFlow';
import css from '../account.module.css';

/**
 * Anmelden: the sign-in widget (requirements#sign-in). Its pages are chosen by `mode` (docs/adr/0021):
 * select (default), callback, signIn, resetPassword, verifyEmail (and verifyAndChangeEmail),
 * recoverEmail; Firebase's e-mail actions point here.
 */
export function SignInPage() {
  const { ready, user } = useSession();
  const location = useLocation();
  const query = parseWidgetQuery(location.search);
  const settings = useAsync(() => signInSettings(), []);
  const continuePath = safeContinuePath(query.continueUrl, window.location.origin);
  // Once the widget is shown it stays until it navigates away: its last pages ('Bestätigt!', the
  // e-mail mismatch) come after Firebase has already signed the user in.
  const inFlow = useRef(false);

  const body = () => {
    if (query.unknownMode !== null) return <UnrecoverablePage />;
    if (needsActionCode(query.mode) && !query.oobCode) return <UnrecoverablePage />;
    const code = query.oobCode ?? '';
    switch (query.mode) {
      case 'resetPassword':
        return <ResetPasswordAction code={code} continuePath={continuePath} />;
      case 'verifyEmail':
      case 'verifyAndChangeEmail':
        return <VerifyEmailAction code={code} continuePath={continuePath} />;
      case 'recoverEmail':
        return <RecoverEmailAction code={code} />;
      case 'signIn':
        return <EmailLinkPage />;
      default:
        break;
    }
    if (!ready || settings.status === 'loading') return <Skeleton height={200} />;
    if (settings.status === 'error') return <UnrecoverablePage text={texts.problem} />;
    const anonymous = user?.isAnonymous === true;
    if (query.mode === 'callback') return <CallbackPage settings={settings.value} anonymous={anonymous} />;
    if (!user || anonymous) inFlow.current = true;
    if (user && !anonymous && !inFlow.current) {
      return (
        <>
          <Notice testId="signin-already">{signedInText(user)}</Notice>
          <div className={css.links}>
            <Link to="Account" className={buttonClass()}>
              {texts.accountTitle}
            </Link>
          </div>
        </>
      );
    }
    return <SignInFlow settings={settings.value} anonymous={anonymous} />;
  };

  return (
    <Page title={texts.signInTitle} testId="signin-page">
      {body()}
    </Page>
  );
}
