/** Inline SVG icons (Material-style paths), sized by font-size, coloured by currentColor. */
import * as ICON_PATHS from './icon-paths';
import { PathIcon } from './path-icon';

const PATHS = ICON_PATHS;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 24, title }: { name: IconName; size?: number; title?: string }) {
  return <PathIcon d={PATHS[name]} size={size} {...(title !== undefined ? { title } : {})} />;
}
