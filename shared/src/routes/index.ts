export * from './table';
export * from './paths';
export * from './navigate';
export * from './page-title';
