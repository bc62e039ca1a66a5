// '@shop/shared/client-runtime': the page-wide part of the action client (a shared singleton): its
// configuration (token source, endpoint), the browser id, the error classes every app checks with
// instanceof, and the transport. Apps import '@shop/shared/client', which adds their contract version.
export * from './browser-id';
export * from './action-client';
