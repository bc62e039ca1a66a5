// Async boundary: the federation runtime negotiates shared modules before any app code runs.
import('./bootstrap').catch((error: unknown) => {
  console.error('Shell failed to start', error);
  document.getElementById('shell-root')!.textContent = 'Der Shop konnte nicht geladen werden. Bitte lade die Seite neu.';
});
