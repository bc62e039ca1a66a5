// The shared 'rxjs' (rxjs-surface.mjs, shared as 'rxjs' by shared/build/index.mjs) is rxjs itself, cut
// to the exports the apps use: each name is the package's own export, not a copy.
import * as rxjs from 'rxjs';
import { describe, expect, it } from 'vitest';
import * as surface from './rxjs-surface.mjs';

describe("the shared 'rxjs' surface (ADR 0034)", () => {
  it("holds rxjs's own exports", () => {
    const names = Object.keys(surface);
    expect(names).toEqual(expect.arrayContaining(['BehaviorSubject', 'Subject', 'filter', 'map', 'firstValueFrom']));
    for (const name of names) expect(surface[name as keyof typeof surface], name).toBe(rxjs[name as keyof typeof rxjs]);
  });
});
