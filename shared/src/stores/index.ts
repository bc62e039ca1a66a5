export * from './persistent-store';
export * from './page-singleton';
export * from './shop-stores';
export * from './app-data';
export * from './news';
