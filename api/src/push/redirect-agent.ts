import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';

/**
 * An HTTPS agent that connects every request to one base URL instead of the request's host: how
 * firebase-admin (its `httpAgent` app option and the credential's agent) is pointed at a local
 * server that answers as FCM and Google's token endpoint (tests), or at a relay (FCM_API_BASE).
 * The requests keep their paths and Host headers; an http: base speaks plain HTTP to it.
 */
export class RedirectAgent extends https.Agent {
  private readonly target: URL;

  constructor(base: string) {
    super({ keepAlive: true });
    this.target = new URL(base);
    if (this.target.protocol !== 'http:' && this.target.protocol !== 'https:') throw new Error(`FCM_API_BASE must be an http(s) URL, not "${base}"`);
  }

  override createConnection(): net.Socket {
    const host = this.target.hostname;
    if (this.target.protocol === 'http:') return net.connect({ host, port: Number(this.target.port || 80) });
    return tls.connect({ host, port: Number(this.target.port || 443), servername: host });
  }
}
