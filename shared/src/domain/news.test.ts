import { describe, expect, it } from 'vitest';
import type { News } from '../contract/content';
import { addedNews, copyIsStale, unreadNewsCount, visibleNews } from './news';

const T = Date.UTC(2026, 10, 24, 12);
const H = 3_600_000;
const item = (id: string, publishDate: number, active = true): News => ({
  id,
  tag: '',
  title: id,
  teaser: '',
  body: '',
  publishDate,
  createdAt: publishDate,
  active,
});

describe('news for guests', () => {
  const list = [item('old', T - 48 * H), item('new', T - H), item('off', T - 2 * H, false), item('later', T + H)];

  it('shows active, published items newest first', () => {
    expect(visibleNews(list, T).map((n) => n.id)).toEqual(['new', 'old']);
  });

  it('counts what was published after the guest last looked', () => {
    expect(unreadNewsCount(list, null, T)).toBe(2);
    expect(unreadNewsCount(list, T - 2 * H, T)).toBe(1);
    expect(unreadNewsCount(list, T, T)).toBe(0);
    // The scheduled item counts once its time has come.
    expect(unreadNewsCount(list, T, T + 2 * H)).toBe(1);
  });

  it('finds the items a live update added', () => {
    expect(addedNews([item('old', T - 48 * H)], list, T).map((n) => n.id)).toEqual(['new']);
    expect(addedNews(list, list, T)).toEqual([]);
  });
});

describe('stale local copies (notifyAppLoaded)', () => {
  it('compares the server stamp with the copy, allowing for clock skew', () => {
    expect(copyIsStale(1000, null, 5000, 5000)).toBe(true);
    expect(copyIsStale(1000, 2000, 5000, 5000)).toBe(false);
    expect(copyIsStale(3000, 2000, 5000, 5000)).toBe(true);
    // The device's clock is 10 s behind: saved at 2000 local = 12000 server time.
    expect(copyIsStale(11_000, 2000, 15_000, 5000)).toBe(false);
    expect(copyIsStale(13_000, 2000, 15_000, 5000)).toBe(true);
  });
});
