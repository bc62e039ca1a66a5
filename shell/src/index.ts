// The shell's singletons are eager (shared/build/index.mjs): the bootstrap is part of this first
// file, so the page needs no second round trip before it starts (requirements#performance). The dynamic import
// keeps the start-up failure path.
import(/* webpackMode: "eager" */ './bootstrap').catch((error: unknown) => {
  console.error('Shell failed to start', error);
  document.getElementById('shell-root')!.textContent = 'Der Shop konnte nicht geladen werden. Bitte lade die Seite neu.';
});
