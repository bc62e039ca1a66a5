export * from './components';
export * from './icons';
