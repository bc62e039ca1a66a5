// Seed content served by the API: legal pages (LoadPages) and news (LoadDocs), with a clock under
// the test's control so "published" is deterministic.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { news as newsSchema, page as pageSchema, type News, type Page } from '@shop/shared/contract';
import { REPO_ROOT } from '../src/config';
import { seedNewsItems } from '../src/seed/news';
import { applicationDatabase } from './support/databases';
import { startTestApi, type TestApi } from './support/test-api';

const DAY = 86_400_000;
const SEEDED_AT = Date.UTC(2025, 5, 10, 9, 0, 0);

describe('seed news items', () => {
  const items = seedNewsItems(SEEDED_AT);

  it('has 4 to 6 valid items with unique ids, one inactive and one scheduled for the future', () => {
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(items.length).toBeLessThanOrEqual(6);
    items.forEach((n) => expect(() => newsSchema.parse(n)).not.toThrow());
    expect(new Set(items.map((n) => n.id)).size).toBe(items.length);
    expect(items.filter((n) => !n.active)).toHaveLength(1);
    expect(items.filter((n) => n.active && n.publishDate > SEEDED_AT)).toHaveLength(1);
    items.forEach((n) => expect(n.title.length > 10 && n.teaser.length > 30 && n.body.length > 60).toBe(true));
  });

  it('points every image at an SVG in api/media', () => {
    const images = items.flatMap((n) => (n.image ? [n.image] : []));
    expect(images.length).toBeGreaterThanOrEqual(4);
    for (const image of images) {
      expect(image).toMatch(/^\/media\/news-[a-z0-9-]+\.svg$/);
      const file = path.join(REPO_ROOT, 'api', 'media', path.basename(image));
      expect(fs.existsSync(file), file).toBe(true);
      expect(fs.readFileSync(file, 'utf8')).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 800 450"[^>]*aria-label="[^"]+"/);
    }
  });
});

describe.each(applicationDatabase())('seed content on $name', (database) => {
  let t: TestApi;
  let clock = SEEDED_AT;

  beforeAll(async () => {
    t = await startTestApi(await database.open(), { now: () => clock });
  });
  afterAll(async () => t?.close());

  const loadNews = async () => {
    const res = await t.call('LoadDocs', { collectionName: 'news', query: { active: true } });
    expect(res.status).toBe(200);
    return res.body.docs as News[];
  };

  it('LoadPages has AGB, Datenschutz, Impressum and Cookies with their legal content', async () => {
    const res = await t.call('LoadPages', {});
    expect(res.status).toBe(200);
    const pages = res.body.pages as Page[];
    pages.forEach((p) => expect(() => pageSchema.parse(p)).not.toThrow());
    const byName = new Map(pages.map((p) => [p.name, p]));
    for (const name of ['AGB', 'Datenschutz', 'Impressum', 'Cookies']) {
      expect(byName.get(name)?.body.length, name).toBeGreaterThanOrEqual(4);
    }
    const text = (name: string) =>
      byName
        .get(name)!
        .body.map((b) => `${b.heading ?? ''}\n${b.text}`)
        .join('\n');

    const impressum = text('Impressum');
    for (const required of [
      '§ 5 DDG',
      'GmbH',
      '20099 Hamburg',
      'Amtsgericht Hamburg',
      'HRB',
      '§ 27a Umsatzsteuergesetz',
      'E-Mail:',
      'Telefon:',
      'Geschäftsführer',
    ]) {
      expect(impressum).toContain(required);
    }
    const datenschutz = text('Datenschutz');
    for (const required of [
      'Verantwortlich',
      'Stripe',
      'PayPal',
      'Firebase',
      'Art. 6 Abs. 1 lit. b DSGVO',
      'Art. 77',
      'Art. 21',
      'Hamburgische Beauftragte für Datenschutz',
    ]) {
      expect(datenschutz).toContain(required);
    }
    expect(text('AGB')).toContain('§ 312g Abs. 2 Nr. 2 BGB');
    expect(text('AGB')).toContain('„Zahlungspflichtig Bestellen“');
    expect(text('Cookies')).toContain('§ 25 Abs. 2 Nr. 2 TDDDG');
  });

  it('LoadDocs news returns only active, published items, newest first', async () => {
    const docs = await loadNews();
    const expected = seedNewsItems(SEEDED_AT)
      .filter((n) => n.active && n.publishDate <= SEEDED_AT)
      .sort((a, b) => b.publishDate - a.publishDate)
      .map((n) => n.id);
    expect(docs.map((n) => n.id)).toEqual(expected);
    expect(docs).toHaveLength(4);
    expect(docs.every((n) => n.active && n.publishDate <= SEEDED_AT)).toBe(true);
    expect(docs.map((n) => n.id)).not.toContain('news-winterpause');
    expect(docs.map((n) => n.id)).not.toContain('news-terrasse');
  });

  it('shows the scheduled item once its publish date has come, the inactive one never', async () => {
    clock = SEEDED_AT + 8 * DAY;
    const docs = await loadNews();
    expect(docs[0]?.id).toBe('news-terrasse');
    expect(docs).toHaveLength(5);
    expect(docs.map((n) => n.id)).not.toContain('news-winterpause');
    clock = SEEDED_AT;
  });

  it('serves the news images', async () => {
    const [first] = await loadNews();
    const res = await t.api.app.inject({ method: 'GET', url: first!.image!, headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('refuses a news query for inactive items', async () => {
    const res = await t.call('LoadDocs', { collectionName: 'news', query: { active: false } } as never);
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
  });
});
