import type { Course } from '@shop/shared/domain/configurator';
import { de } from '@shop/shared/i18n';
import { useObservable, useShellLayer } from '@shop/shared/react';
import { Button } from '@shop/shared/ui';
import { courseRequest$ } from '../../data/course';
import css from './item.module.css';

const LABELS: Record<Course, string> = {
  Vorspeise: de.menu.courseStarter,
  Hauptspeise: de.menu.courseMain,
  Dessert: de.menu.courseDessert,
};
const ORDER: Course[] = ['Vorspeise', 'Hauptspeise', 'Dessert'];

/**
 * Course dialog (shop-spec §2): 'In welchem Gang soll diese Speise serviert werden?' with
 * Vorspeise, Hauptspeise, Dessert; each button shows only if enabled.
 */
export function CourseDialog() {
  const request = useObservable(courseRequest$, courseRequest$.getValue());
  // Navigating away closes the dialog and cancels the navigation (shop-spec §2); Escape too.
  useShellLayer(request !== null, () => request?.resolve(null));
  if (!request) return null;
  return (
    <div className={css.backdrop} data-testid="course-dialog">
      <div className={css.dialog} role="dialog" aria-modal="true" aria-labelledby="course-title">
        <h2 id="course-title" className={css.dialogTitle}>
          {de.menu.courseQuestion}
        </h2>
        {ORDER.filter((c) => request.courses.includes(c)).map((course) => (
          <Button key={course} block onClick={() => request.resolve(course)} data-testid={`course-${course}`}>
            {LABELS[course]}
          </Button>
        ))}
        <Button block variant="ghost" onClick={() => request.resolve(null)}>
          {de.menu.courseCancel}
        </Button>
      </div>
    </div>
  );
}
