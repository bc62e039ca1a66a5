import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { triggerAppChange } from 'single-spa';
import { emit } from '@shop/shared/bus';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { matchRoute } from '@shop/shared/routes';
import { useObservable } from '@shop/shared/react';
import { useShopContext } from './data/shop-context';
import { useCartWidgets } from './federation/cart-widgets';
import { contributedMatch, contributedRoutes$, lookUpContributedRoutes } from './federation/contributed-routes';
import { AREA_CONTAINER_ID } from './federation/register-apps';
import { loadRoutesModule } from './federation/remotes';
import { Footer } from './layout/Footer';
import { Header } from './layout/Header';
import { OfflineBanner } from './layout/OfflineBanner';
import { RemoteParcel } from './layout/RemoteParcel';
import { layers$, setDrawer } from './navigation/layers';
import { usePathname } from './navigation/location';
import { followPageTitle } from './navigation/page-title';
import { installRouteFocus } from './navigation/route-focus';
import { scrollAfterNavigation } from './navigation/scroll-memory';
import { ConsentDialog } from './consent/ConsentDialog';
import { countPageView } from './consent/page-views';
import { Overlays } from './overlays/Overlays';
import { lazyOnTopic } from './overlays/lazy-overlay';
import { Toast } from './overlays/Toast';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';
import css from './layout/layout.module.css';

/** The drawer is opened by a tap: its code stays out of the first load (requirements#performance). */
const Drawer = lazy(() => import('./layout/Drawer').then((m) => ({ default: m.Drawer })));
/** The debug page is for support staff: its code loads only there (docs/requirements.md#perf-js-budget). */
const DebugParams = lazy(() => import('./pages/DebugParams').then((m) => ({ default: m.DebugParams })));

// Dialogs opened by a request on the bus: their code loads with the first request (docs/requirements.md#perf-js-budget).
const TableDialog = lazyOnTopic('shell:table-dialog', () => import('./overlays/TableDialog').then((m) => m.TableDialog));
const ShareDialog = lazyOnTopic('shell:share-dialog', () => import('./overlays/ShareDialog').then((m) => m.ShareDialog));
const PushMessageBox = lazyOnTopic('shell:push-message', () => import('./overlays/PushMessage').then((m) => m.PushMessageBox));
const ReferralDialog = lazyOnTopic('shell:referral', () => import('./overlays/ReferralDialog').then((m) => m.ReferralDialog));

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
  const contributed = useObservable(contributedRoutes$, contributedRoutes$.getValue());
  // A path the route table does not know may be a page a remote added itself (its './routes').
  const tableMatch = matchRoute(pathname);
  const added = tableMatch ? null : contributedMatch(pathname, contributed);
  const match = tableMatch ?? (added ? { name: added.route.name, app: added.route.app, params: added.params } : null);
  const [lookedUp, setLookedUp] = useState(false);
  useEffect(() => {
    if (tableMatch || lookedUp) return;
    void lookUpContributedRoutes(loadRoutesModule).then(() => {
      setLookedUp(true);
      // The remote that adds this path becomes active (register-apps.ts asks contributedMatch too).
      void triggerAppChange();
    });
  }, [tableMatch, lookedUp]);
  // mf-cart's badge and bar (and the cart's services they start): not on a shell page with an empty cart (ADR 0036).
  const cartWidgets = useCartWidgets(pathname);
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
    // Each route change scrolls to the top (requirements#screens), back and forward to where the guest was; arriving Home signals back-home.
    scrollAfterNavigation();
    if (match?.name === 'Home') emit('shell:back-home', {});
    previous.current = pathname;
  }, [pathname, match?.name]);

  useEffect(() => followPageTitle(), []);
  useEffect(() => installRouteFocus(), []);
  // Each route change logs a page view (requirements#screens), with the guest's consent only.
  useEffect(() => countPageView(pathname), [pathname]);

  const closeDrawer = useCallback(() => setDrawer(false), []);

  let shellPage = null;
  if (!match) shellPage = lookedUp ? <NotFound /> : null;
  else if (match.name === 'debugParams')
    shellPage = (
      <Suspense fallback={null}>
        <DebugParams />
      </Suspense>
    );
  else if (match.app === 'shell') shellPage = <Home context={context} />;

  return (
    <div className={css.app}>
      <a href="#main" className={css.skipLink} data-testid="skip-link" onClick={skipToContent}>
        {shellTexts.skipToContent}
      </a>
      <Header pathname={pathname} context={context} onMenu={() => setDrawer(true)} cartWidgets={cartWidgets} />
      <OfflineBanner />
      {/* Toasts: after the navigation in tab order, floating above the bottom bars on screen (docs/requirements.md#accessibility). */}
      <Toast />
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
      {/* The floating cart bar: a landmark of its own while shown (mf-cart's widget). */}
      {cartWidgets ? <RemoteParcel id="mf_cart/cart-bar" /> : null}
      <TableDialog />
      <ShareDialog />
      <PushMessageBox />
      <ReferralDialog />
      <Overlays />
      <ConsentDialog />
    </div>
  );
}
