export * from './components';
export * from './icons';
export * from './path-icon';
export { ModalDialog } from './ModalDialog';
export { backInShopOr, canGoBackInShop, installInShopHistory } from './in-shop-history';
