import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createRemoteApp } from '@shop/shared/react';
import { ROUTES } from '@shop/shared/routes';
import { AccountPage } from './features/account/AccountPage';
import { CardsPage } from './features/cards/CardsPage';
import { PaymentMethodsPage } from './features/payment-methods/PaymentMethodsPage';
import { RegisterPage } from './features/register/RegisterPage';
import { ResetPasswordPage } from './features/reset/ResetPasswordPage';
import { SignInPage } from './features/signin/SignInPage';
import { SettingsPage } from './features/settings/SettingsPage';
import { StampCardPage } from './features/stamps/StampCardPage';

function AccountRoutes() {
  return (
    <BrowserRouter>
      <div data-mf="mf_account" data-mf-version={__APP_VERSION__}>
        <Routes>
          <Route path={ROUTES.Anmelden.path} element={<SignInPage />} />
          <Route path={ROUTES.Registrierung.path} element={<RegisterPage />} />
          <Route path={ROUTES.Account.path} element={<AccountPage />} />
          <Route path={ROUTES.resetPassword.path} element={<ResetPasswordPage />} />
          <Route path={ROUTES.Stempelkarte.path} element={<StampCardPage />} />
          <Route path={ROUTES.Karten.path} element={<CardsPage />} />
          <Route path={ROUTES.Zahlungsmittel.path} element={<PaymentMethodsPage />} />
          <Route path={ROUTES.Einstellungen.path} element={<SettingsPage />} />
          <Route path="*" element={null} />
        </Routes>
      </div>
    </BrowserRouter>
  );
}

export const { bootstrap, mount, unmount } = createRemoteApp('mf_account', AccountRoutes);
