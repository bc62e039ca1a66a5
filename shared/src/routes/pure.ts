// The pure part of the route table (no single-spa, no browser): the table and path matching, for the
// API, which serves each route's document. Apps import '@shop/shared/routes' (the runtime singleton).
export * from './table';
export * from './paths';
