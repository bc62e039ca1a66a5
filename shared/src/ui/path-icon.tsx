/** An inline SVG icon from one path (Material-style, 24×24), sized by `size`, coloured by currentColor. */
export function PathIcon({ d, size = 24, title }: { d: string; size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      <path d={d} />
    </svg>
  );
}
