// The shop's rxjs: what the page-wide 'rxjs' singleton holds (docs/requirements.md#perf-js-budget).
// A shared module cannot be tree-shaken (any remote may ask for any export), so sharing the whole
// package put all of rxjs (14 kB brotli) into the shell's first file. Every app shares this file as
// 'rxjs' instead: the rxjs 7 exports the apps use, taken from the package's own modules, one copy per
// page. ESLint allows only these names in an import from 'rxjs' (eslint.config.mjs), so an app that
// needs another export adds it here, and the shell that provides it is released first (ADR 0034).
export { Observable } from 'rxjs/internal/Observable';
export { Subject } from 'rxjs/internal/Subject';
export { BehaviorSubject } from 'rxjs/internal/BehaviorSubject';
export { Subscription } from 'rxjs/internal/Subscription';
export { firstValueFrom } from 'rxjs/internal/firstValueFrom';
export { combineLatest } from 'rxjs/internal/observable/combineLatest';
export { throwError } from 'rxjs/internal/observable/throwError';
export { filter } from 'rxjs/internal/operators/filter';
export { map } from 'rxjs/internal/operators/map';
export { distinctUntilChanged } from 'rxjs/internal/operators/distinctUntilChanged';
export { debounceTime } from 'rxjs/internal/operators/debounceTime';
export { timeout } from 'rxjs/internal/operators/timeout';
