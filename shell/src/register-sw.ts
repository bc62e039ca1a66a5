/** Registers the service worker once the page has loaded (never competes with the first load). */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || window.location.protocol === 'file:') return;
  const register = () => navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('[shell] service worker not registered', error));
  // The shell bootstraps asynchronously, so the load event has usually fired already.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
