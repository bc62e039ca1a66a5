/** A descriptor guests reach: any host name other than '*', localhost, 127.0.0.1 and *.localhost. */
export function isProductionDescriptor(json: { hosts?: readonly string[] } | null | undefined): boolean;
