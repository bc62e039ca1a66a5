/** Fills '{name}' placeholders: fill('Vorbestellung für {time} Uhr', { time: '12:30' }). */
export function fill(text: string, params: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => (key in params ? String(params[key]) : match));
}
