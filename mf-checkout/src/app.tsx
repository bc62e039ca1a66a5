import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FLOWS } from '@shop/shared/domain/checkout-flow';
import { createRemoteApp } from '@shop/shared/react';
import { ROUTES } from '@shop/shared/routes';
import { CheckoutRoute } from './features/checkout/CheckoutRoute';

/** The nine checkout routes (requirements#checkout-screens), one flow each. */
function CheckoutRoutes() {
  return (
    <BrowserRouter>
      <div data-mf="mf_checkout" data-mf-version={__APP_VERSION__}>
        <Routes>
          {Object.values(FLOWS).map((flow) => (
            <Route key={flow.id} path={ROUTES[flow.route].path} element={<CheckoutRoute key={flow.id} flowId={flow.id} />} />
          ))}
          <Route path="*" element={null} />
        </Routes>
      </div>
    </BrowserRouter>
  );
}

export const { bootstrap, mount, unmount } = createRemoteApp('mf_checkout', CheckoutRoutes);
