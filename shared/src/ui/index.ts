export * from './components';
export * from './icons';
export * from './path-icon';
export { ModalDialog } from './ModalDialog';
export { backInShopOr, installInShopHistory } from './in-shop-history';
export { focusHeading, focusPageHeadingWhenShown } from './focus-heading';
