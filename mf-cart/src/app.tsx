import { useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { de } from '@shop/shared/i18n';
import { createRemoteApp } from '@shop/shared/react';
import { ROUTES } from '@shop/shared/routes';
import { startCartServices } from './data/services';
import { CartPage } from './features/cart/CartPage';
import { CouponsPage } from './features/coupons/CouponsPage';
import { RedeemPage } from './features/coupons/RedeemPage';

function CartRoutes() {
  useEffect(() => startCartServices(), []);
  return (
    <BrowserRouter>
      <div data-mf="mf_cart" data-mf-version={__APP_VERSION__}>
        <Routes>
          <Route path={ROUTES.Korb.path} element={<CartPage />} />
          <Route path={ROUTES.Coupons.path} element={<CouponsPage title={de.cart.couponsTitle} />} />
          <Route path={ROUTES.Gutscheine.path} element={<CouponsPage title={de.cart.vouchersTitle} />} />
          <Route path={ROUTES.Einloesen.path} element={<RedeemPage />} />
          <Route path="*" element={null} />
        </Routes>
      </div>
    </BrowserRouter>
  );
}

export const { bootstrap, mount, unmount } = createRemoteApp('mf_cart', CartRoutes);
