import { emit } from '@shop/shared/bus';

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferredInstall: InstallPromptEvent | null = null;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredInstall = event as InstallPromptEvent;
  });
}

/** Installed-app detection by standalone display mode (shop-spec §9). */
export function isInstalled(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches ?? false;
}

export async function installApp(): Promise<void> {
  if (isInstalled()) {
    emit('shell:overlay', { kind: 'snackbar', text: 'Die App ist bereits installiert.' });
    return;
  }
  if (deferredInstall) {
    await deferredInstall.prompt();
    deferredInstall = null;
    return;
  }
  emit('shell:overlay', {
    kind: 'info',
    title: 'App installieren',
    text: 'Öffne das Browsermenü und wähle „Zum Startbildschirm hinzufügen“, um den Shop wie eine App zu nutzen.',
  });
}

export async function shareApp(): Promise<void> {
  const url = window.location.origin;
  if (navigator.share) {
    try {
      await navigator.share({ title: 'Street Food', url });
    } catch {
      /* cancelled */
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    emit('shell:overlay', { kind: 'snackbar', text: 'Link kopiert' });
  } catch {
    emit('shell:overlay', { kind: 'info', title: 'App teilen', text: url });
  }
}
