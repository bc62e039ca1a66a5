export * from './bus';
export * from './topics';
export * from './overlays';
export * from './push';
