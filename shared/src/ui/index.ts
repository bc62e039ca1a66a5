export * from './components';
export * from './icons';
export { ModalDialog } from './ModalDialog';
