import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { createRemoteApp } from '@shop/shared/react';
import { ROUTES } from '@shop/shared/routes';
import { AdminPage } from './features/admin/AdminPage';
import { BoardPage } from './features/board/BoardPage';
import { ConfirmationPage } from './features/confirmation/ConfirmationPage';
import { OrderPage } from './features/order/OrderPage';
import { OrdersPage } from './features/orders/OrdersPage';
import { WaiterCallDonePage } from './features/waiter-call/WaiterCallDonePage';
import { WaiterCallPage } from './features/waiter-call/WaiterCallPage';

function OrdersRoutes() {
  return (
    <BrowserRouter>
      <div data-mf="mf_orders" data-mf-version={__APP_VERSION__}>
        <Routes>
          <Route path={ROUTES.Bestellung.path} element={<OrderPage />} />
          <Route path={ROUTES.Bestellungen.path} element={<OrdersPage />} />
          <Route path={ROUTES.Bestaetigung.path} element={<ConfirmationPage />} />
          <Route path={ROUTES.Kellnerruf.path} element={<WaiterCallPage />} />
          <Route path={ROUTES.Bestellboard.path} element={<BoardPage />} />
          <Route path={ROUTES.Verwaltung.path} element={<AdminPage />} />
          <Route path={ROUTES.KellnerrufErfolgreich.path} element={<WaiterCallDonePage />} />
          <Route path="*" element={null} />
        </Routes>
      </div>
    </BrowserRouter>
  );
}

export const { bootstrap, mount, unmount } = createRemoteApp('mf_orders', OrdersRoutes);
