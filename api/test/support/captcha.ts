/** Reads the cash captcha as a guest would: its characters are the SVG's text elements, in order. */
export function captchaAnswerOf(svg: string): string {
  return [...svg.matchAll(/<text[^>]*>([A-Z0-9])<\/text>/g)].map((m) => m[1]).join('');
}
