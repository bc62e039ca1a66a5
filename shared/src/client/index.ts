export * from './browser-id';
export * from './action-client';
export * from './retry';
