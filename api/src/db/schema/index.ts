// The database schema, one file per area. drizzle-kit reads this folder (api/drizzle.config.ts).
export * from './menu';
export * from './content';
export * from './orders';
export * from './cart';
export * from './account';
export * from './payments';
export * from './preferences';
export * from './signals';
export * from './push';
export * from './statistics';
export * from './mail';
