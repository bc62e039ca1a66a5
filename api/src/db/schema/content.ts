import { bigint, boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { News, Page, Store } from '@shop/shared/contract';

/** Versioned documents: 'appconfig', 'menuVersion:food', 'menuVersion:drink'. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  data: jsonb('data').$type<unknown>().notNull(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

export const stores = pgTable('stores', {
  filialnummer: integer('filialnummer').primaryKey(),
  data: jsonb('data').$type<Store>().notNull(),
});

export const pages = pgTable('pages', {
  name: text('name').primaryKey(),
  tag: text('tag'),
  data: jsonb('data').$type<Page>().notNull(),
});

export const news = pgTable('news', {
  id: text('id').primaryKey(),
  active: boolean('active').notNull(),
  publishDate: bigint('publish_date', { mode: 'number' }).notNull(),
  data: jsonb('data').$type<News>().notNull(),
});
