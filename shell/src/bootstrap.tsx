import '@shop/shared/ui/tokens.css';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { ensureBrowserId } from '@shop/shared/client';
import { descriptorStore } from '@shop/shared/stores';
import { App } from './App';
import { loadDescriptor } from './federation/descriptor';
import { registerRemoteApps } from './federation/register-apps';
import { setupFederation } from './federation/remotes';
import { installNavigationGuard } from './navigation/guard';
import { applyEntryContext, tableExpiredOnEntry } from './mode/entry-context';
import { startTableExpiryCheck } from './mode/table-expiry';
import { startAppReactions } from './data/app-reactions';
import { startServerEvents } from './data/server-events';
import { startBackgroundPulls } from './data/background-pulls';
import { restoreAccountSession } from './data/account-session';
import { registerServiceWorker } from './register-sw';

async function main() {
  ensureBrowserId();
  const descriptor = await loadDescriptor();
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
  restoreAccountSession();
  registerServiceWorker();
  startServerEvents();
  startBackgroundPulls();
}

void main();
