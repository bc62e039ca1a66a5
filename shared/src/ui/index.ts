export * from './components';
export * from './icons';
export { ModalDialog } from './ModalDialog';
export { backInShopOr, canGoBackInShop, installInShopHistory } from './in-shop-history';
