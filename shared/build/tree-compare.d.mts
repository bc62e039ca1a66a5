export function filesOf(dir: string, sub?: string): string[];
export function differenceBetween(a: string, b: string): string | null;
