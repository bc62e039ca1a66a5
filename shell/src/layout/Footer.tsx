import { emit } from '@shop/shared/bus';
import { privacy as privacyTexts } from '@shop/shared/i18n/privacy';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { Link } from '@shop/shared/react';
import css from './layout.module.css';

/** Footer links (requirements#home): Impressum, Datenschutz, Cookies, AGB; and the privacy settings (consent dialog). */
export function Footer() {
  return (
    <footer className={css.footer}>
      <Link to="Impressum">{shellTexts.footerImprint}</Link>
      <Link to="Datenschutz">{shellTexts.footerPrivacy}</Link>
      <Link to="Cookies">{shellTexts.footerCookies}</Link>
      <Link to="AGB">{shellTexts.footerTerms}</Link>
      <button type="button" className={css.footerButton} onClick={() => emit('shell:consent-dialog', {})} data-testid="consent-settings">
        {privacyTexts.consentSettings}
      </button>
    </footer>
  );
}
