import { emit } from '@shop/shared/bus';
import { shell as texts } from '@shop/shared/i18n/shell';

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

/** Installed-app detection by standalone display mode (requirements#constants). */
export function isInstalled(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches ?? false;
}

export async function installApp(): Promise<void> {
  if (isInstalled()) {
    emit('shell:overlay', { kind: 'snackbar', text: texts.installAlready });
    return;
  }
  if (deferredInstall) {
    await deferredInstall.prompt();
    deferredInstall = null;
    return;
  }
  emit('shell:overlay', { kind: 'info', title: texts.installTitle, text: texts.installHowTo });
}

/** The address guests share: the shop's start page on this host. */
export function shareUrl(): string {
  return `${window.location.origin}/`;
}

/** Opens the share dialog with the QR code of the shop's address (requirements#product). */
export function shareApp(): void {
  emit('shell:share-dialog', {});
}

/** The system share sheet where there is one; false when the device has none or it failed. */
export async function sendShareLink(url: string): Promise<boolean> {
  if (!navigator.share) return false;
  try {
    await navigator.share({ title: 'Street Food', url });
  } catch {
    // Cancelled by the guest: nothing to do.
  }
  return true;
}

/** Copies the link; says so with a snackbar. */
export async function copyShareLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    emit('shell:overlay', { kind: 'snackbar', text: texts.shareCopied });
  } catch {
    emit('shell:overlay', { kind: 'info', title: texts.shareTitle, text: url });
  }
}
