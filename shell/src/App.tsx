import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { emit } from '@shop/shared/bus';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { matchRoute } from '@shop/shared/routes';
import { useObservable } from '@shop/shared/react';
import { useShopContext } from './data/shop-context';
import { AREA_CONTAINER_ID } from './federation/register-apps';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { OfflineBanner } from './layout/OfflineBanner';
import { RemoteParcel } from './layout/RemoteParcel';
import { layers$, setDrawer } from './navigation/layers';
import { usePathname } from './navigation/location';
import { followPageTitle } from './navigation/page-title';
import { scrollAfterNavigation } from './navigation/scroll-memory';
import { ConsentDialog } from './consent/ConsentDialog';
import { countPageView } from './consent/page-views';
import { Overlays } from './overlays/Overlays';
import { PushMessageBox } from './overlays/PushMessage';
import { ReferralDialog } from './overlays/ReferralDialog';
import { ShareDialog } from './overlays/ShareDialog';
import { TableDialog } from './overlays/TableDialog';
import { DebugParams } from './pages/DebugParams';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';
import css from './layout/layout.module.css';

/** The drawer is opened by a tap: its code stays out of the first load (issue 11). */
const Drawer = lazy(() => import('./layout/Drawer').then((m) => ({ default: m.Drawer })));

/** The skip link moves focus to the content (the hash alone would be taken for a route by the router). */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/** The shell's layout. Remote areas live in #shell-areas; React never renders into them. */
export function App({ onReady }: { onReady: () => void }) {
  const pathname = usePathname();
  const context = useShopContext();
  const layers = useObservable(layers$, layers$.getValue());
  const match = matchRoute(pathname);
  const previous = useRef(pathname);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!ready) {
      setReady(true);
      onReady();
    }
  }, [ready, onReady]);

  useEffect(() => {
    if (previous.current === pathname) return;
    // Each route change scrolls to the top (shop-spec §2), back and forward to where the guest was; arriving Home signals back-home.
    scrollAfterNavigation();
    if (match?.name === 'Home') emit('shell:back-home', {});
    previous.current = pathname;
  }, [pathname, match?.name]);

  useEffect(() => followPageTitle(), []);
  // Each route change logs a page view (shop-spec §2), with the guest's consent only.
  useEffect(() => countPageView(pathname), [pathname]);

  const closeDrawer = useCallback(() => setDrawer(false), []);

  let shellPage = null;
  if (!match) shellPage = <NotFound />;
  else if (match.name === 'debugParams') shellPage = <DebugParams />;
  else if (match.app === 'shell') shellPage = <Home context={context} />;

  return (
    <div className={css.app}>
      <a href="#main" className={css.skipLink} data-testid="skip-link" onClick={skipToContent}>
        {shellTexts.skipToContent}
      </a>
      <Header pathname={pathname} context={context} onMenu={() => setDrawer(true)} />
      <OfflineBanner />
      {layers.drawer ? (
        <Suspense fallback={null}>
          <Drawer context={context} onClose={closeDrawer} />
        </Suspense>
      ) : null}
      <main className={css.main} id="main" tabIndex={-1}>
        {shellPage}
        <div id={AREA_CONTAINER_ID} />
      </main>
      <Footer />
      <RemoteParcel id="mf_cart/cart-bar" />
      <TableDialog />
      <ShareDialog />
      <PushMessageBox />
      <ReferralDialog />
      <Overlays />
      <ConsentDialog />
    </div>
  );
}
