// Types of rxjs-surface.mjs: the same names as rxjs's own.
/* eslint-disable @typescript-eslint/no-deprecated -- some of these names have deprecated overloads; the calls are linted where they are made */
export {
  Observable,
  Subject,
  BehaviorSubject,
  Subscription,
  firstValueFrom,
  combineLatest,
  throwError,
  filter,
  map,
  distinctUntilChanged,
  debounceTime,
  timeout,
} from 'rxjs';
