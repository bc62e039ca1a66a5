import { BehaviorSubject } from 'rxjs';
import type { Course } from '@shop/shared/domain/configurator';

export interface CourseRequest {
  readonly courses: readonly Course[];
  readonly resolve: (course: Course | null) => void;
}

/** The open course question (requirements#screens Course dialog), drawn by <CourseDialog/>. */
export const courseRequest$ = new BehaviorSubject<CourseRequest | null>(null);

/** Asks in which course the dish is served; null when the guest cancels. */
export function askCourse(courses: readonly Course[]): Promise<Course | null> {
  courseRequest$.getValue()?.resolve(null);
  return new Promise((resolve) => {
    courseRequest$.next({
      courses,
      resolve: (course) => {
        courseRequest$.next(null);
        resolve(course);
      },
    });
  });
}
