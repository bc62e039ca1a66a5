import '@shop/shared/ui/tokens.css';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { ensureBrowserId } from '@shop/shared/client';
import { installInShopHistory } from '@shop/shared/ui';
import { descriptorStore } from '@shop/shared/stores';
import { App } from './App';
import { loadDescriptor } from './federation/descriptor';
import { PreviewBadge } from './federation/PreviewBadge';
import { applyVersionOverrides } from './federation/version-overrides';
import { registerRemoteApps } from './federation/register-apps';
import { setupFederation } from './federation/remotes';
import './federation/provided-singletons';
import { installNavigationGuard } from './navigation/guard';
import { installScrollMemory } from './navigation/scroll-memory';
import { applyEntryContext, tableExpiredOnEntry } from './mode/entry-context';
import { startTableExpiryCheck } from './mode/table-expiry';
import { startAppReactions } from './data/app-reactions';
import { startServerEvents } from './data/server-events';
import { startBackgroundPulls } from './data/background-pulls';
import { startAppLoadedCheck } from './data/app-start';
import { restoreAccountSession } from './data/account-session';
import { startPushBridge } from './data/push-bridge';
import { registerServiceWorker } from './register-sw';

async function main() {
  // Numbers the shop's history entries, so 'Zurück' never leaves the shop (shared/src/ui/in-shop-history.ts).
  installInShopHistory();
  installScrollMemory();
  ensureBrowserId();
  // Preview hosts only: this browser's remote versions for QA (deploy/README.md, Preview).
  const { descriptor, overrides } = applyVersionOverrides(await loadDescriptor(), window.location.search, localStorage);
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
    const host = document.body.appendChild(document.createElement('div'));
    createRoot(host).render(<PreviewBadge overrides={overrides} />);
  }
  restoreAccountSession();
  registerServiceWorker();
  startPushBridge();
  startServerEvents();
  startBackgroundPulls();
  startAppLoadedCheck();
}

void main();
