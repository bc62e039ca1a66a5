/**
 * The German catalogue. Import one area (`@shop/shared/i18n/cart`) where the first load matters
 * (shell, widgets, UI kit); `de` joins all areas for everything else.
 */
export { de } from './de';
export { fill } from './fill';
