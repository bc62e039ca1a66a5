import { Subject, filter, map, type Observable } from 'rxjs';
import type { BusTopic, BusTopics } from './topics';

interface BusMessage {
  readonly topic: BusTopic;
  readonly payload: unknown;
}

/**
 * One bus per page. Module Federation shares '@shop/shared/*' as a singleton; the global key makes
 * a second copy (e.g. a remote that fell back to its own bundled copy) join the same subject.
 */
const GLOBAL_KEY = '__shop_bus__';
const holder = globalThis as unknown as Record<string, Subject<BusMessage> | undefined>;
const subject: Subject<BusMessage> = (holder[GLOBAL_KEY] ??= new Subject<BusMessage>());

export function emit<T extends BusTopic>(topic: T, payload: BusTopics[T]): void {
  subject.next({ topic, payload });
}

export function on<T extends BusTopic>(topic: T): Observable<BusTopics[T]> {
  return subject.pipe(
    filter((m) => m.topic === topic),
    map((m) => m.payload as BusTopics[T]),
  );
}
