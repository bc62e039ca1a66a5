import type { Course } from '@shop/shared/domain/configurator';
import { de } from '../../texts';
import { useObservable } from '@shop/shared/react';
import { Button, ModalDialog } from '@shop/shared/ui';
import { courseRequest$ } from '../../data/course';

const LABELS: Record<Course, string> = {
  Vorspeise: de.menu.courseStarter,
  Hauptspeise: de.menu.courseMain,
  Dessert: de.menu.courseDessert,
};
const ORDER: Course[] = ['Vorspeise', 'Hauptspeise', 'Dessert'];

/**
 * Course dialog (requirements#screens): 'In welchem Gang soll diese Speise serviert werden?' with
 * Vorspeise, Hauptspeise, Dessert; each button shows only if enabled.
 */
export function CourseDialog() {
  const request = useObservable(courseRequest$, courseRequest$.getValue());
  if (!request) return null;
  // Escape and navigating away cancel the choice (requirements#screens).
  return (
    <ModalDialog title={de.menu.courseQuestion} onClose={() => request.resolve(null)} closeOnBackdrop={false} testId="course-dialog">
      {ORDER.filter((c) => request.courses.includes(c)).map((course) => (
        <Button key={course} block onClick={() => request.resolve(course)} data-testid={`course-${course}`}>
          {LABELS[course]}
        </Button>
      ))}
      <Button block variant="ghost" onClick={() => request.resolve(null)}>
        {de.menu.courseCancel}
      </Button>
    </ModalDialog>
  );
}
