export * from './hooks';
export * from './Link';
export * from './remote-app';
export * from './use-shell-layer';
export * from './use-page-title';
