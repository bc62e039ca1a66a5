import '@shop/shared/ui/tokens.css';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { ensureBrowserId } from '@shop/shared/client';
import { installInShopHistory } from '@shop/shared/ui';
import { cartStore, descriptorStore } from '@shop/shared/stores';
import { App } from './App';
import { preloadCartWidgetsIfNeeded } from './federation/cart-widgets';
import { loadDescriptor } from './federation/descriptor';
import { registerRemoteApps } from './federation/register-apps';
import { setupFederation } from './federation/remotes';
import './federation/provided-singletons';
import { installNavigationGuard } from './navigation/guard';
import { installOverlayHistory, putHomeBelowDeepLink } from './navigation/overlay-history';
import { installScrollMemory } from './navigation/scroll-memory';
import { installCoveredEdges } from './navigation/covered-edges';
import { installFocusRescue } from './navigation/focus-rescue';
import { applyEntryContext, tableExpiredOnEntry } from './mode/entry-context';
import { startTableExpiryCheck } from './mode/table-expiry';
import { startAppReactions } from './data/app-reactions';
import { startServerEvents } from './data/server-events';
import { startBackgroundPulls } from './data/background-pulls';
import { startAppLoadedCheck } from './data/app-start';
import { restoreAccountSession } from './data/account-session';
import { startPushBridge } from './data/push-bridge';
import { registerServiceWorker } from './register-sw';
import { watchForUpdates } from './update/app-update';
import { startWebVitals } from './consent/web-vitals';

async function main() {
  // A shell page with lines in the cart (or a `cartId` link) fetches the cart's widgets at once (ADR 0036).
  preloadCartWidgetsIfNeeded(document, window.location, cartStore.get().length);
  // Numbers the shop's history entries, so 'Zurück' never leaves the shop (shared/src/ui/in-shop-history.ts).
  installInShopHistory();
  // Back on the first page of a visit stays in the shop; back closes an open overlay and nothing else.
  putHomeBelowDeepLink();
  installOverlayHistory();
  installScrollMemory();
  installCoveredEdges();
  installFocusRescue();
  ensureBrowserId();
  // Preview hosts only: this browser's remote versions for QA (deploy/README.md, Preview); their code
  // loads there only (docs/requirements.md#perf-js-budget).
  const loaded = await loadDescriptor();
  const { descriptor, overrides } = loaded.preview
    ? (await import('./federation/version-overrides')).applyVersionOverrides(loaded, window.location.search, localStorage)
    : { descriptor: loaded, overrides: {} };
  descriptorStore.next(descriptor);
  setupFederation(descriptor);
  applyEntryContext(window.location, descriptor);
  installNavigationGuard();
  startAppReactions();

  const root = createRoot(document.getElementById('shell-root')!);
  let started = false;
  root.render(
    <App
      onReady={() => {
        if (started) return;
        started = true;
        registerRemoteApps();
        start({ urlRerouteOnly: true });
        // The overlays are mounted now, so an expired table can be announced.
        startTableExpiryCheck(tableExpiredOnEntry());
      }}
    />,
  );
  if (Object.keys(overrides).length) {
    void import('./federation/PreviewBadge').then(({ PreviewBadge }) => {
      const host = document.body.appendChild(document.createElement('div'));
      createRoot(host).render(<PreviewBadge overrides={overrides} />);
    });
  }
  restoreAccountSession();
  registerServiceWorker();
  // Releases and rollbacks reach installed apps at a safe moment (docs/requirements.md#app-update).
  watchForUpdates(loaded);
  startPushBridge();
  startServerEvents();
  startBackgroundPulls();
  startAppLoadedCheck();
  // Real-user vitals, with consent to statistics only (docs/requirements.md#web-vitals).
  startWebVitals();
}

void main();
