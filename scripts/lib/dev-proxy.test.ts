import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { DevPlan } from './dev-plan.mjs';
import { startDevProxy } from './dev-proxy.mjs';

// The front port of npm run dev against two real servers standing in for the API and a remote's
// webpack-dev-server: routing by path, bodies and the Host header passed on, a stream passed through
// as it is written, a WebSocket upgrade joined to the right server.

const servers: (http.Server | net.Server)[] = [];
const upgraded: net.Socket[] = [];
afterEach(async () => {
  for (const socket of upgraded.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    if (server instanceof http.Server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(server: http.Server | net.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A server that answers who it is, the request line, the Host header and the body it got. */
function echo(name: string) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/api/events') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('event: shop\ndata: first\n\n'); // and the stream stays open
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`${name} ${req.method} ${req.url} host=${req.headers.host} body=${body}`);
    });
  });
  server.on('upgrade', (req, socket: net.Socket) => {
    upgraded.push(socket);
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nX-Server: ${name}\r\n\r\n`);
    socket.on('data', (data: Buffer) => socket.write(`${name} got ${data.toString()}`));
  });
  return server;
}

async function setUp(): Promise<{ front: number; plan: DevPlan }> {
  const apiPort = await listen(echo('api'));
  const remotePort = await listen(echo('remote'));
  const plan: DevPlan = {
    port: 0,
    apiPort,
    remotes: [{ folder: 'mf-menu', name: 'mf_menu', version: '0.1.0-dev', port: remotePort, prefix: '/mf/mf-menu/0.1.0-dev/' }],
    url: '',
  };
  const proxy = await startDevProxy(plan);
  servers.push(proxy);
  return { front: (proxy.address() as AddressInfo).port, plan };
}

function request(port: number, path: string, { method = 'GET', body = '', host = 'preview.localhost' } = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers: { host } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the front port of npm run dev', () => {
  it("sends a served remote's version folder to its dev server and all else to the API, with method, Host and body", async () => {
    const { front } = await setUp();
    expect((await request(front, '/mf/mf-menu/0.1.0-dev/remoteEntry.js')).text).toBe(
      'remote GET /mf/mf-menu/0.1.0-dev/remoteEntry.js host=preview.localhost body=',
    );
    expect((await request(front, '/mf/mf-menu/0.1.0/remoteEntry.js')).text).toMatch(/^api GET/);
    expect((await request(front, '/api/action', { method: 'POST', body: '{"action":"LoadApp"}' })).text).toBe(
      'api POST /api/action host=preview.localhost body={"action":"LoadApp"}',
    );
  });

  it('passes an event stream through as it is written, not when it ends', async () => {
    const { front } = await setUp();
    const first = await new Promise<string>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: front, path: '/api/events' }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve(chunk.toString());
          req.destroy();
        });
      });
      req.on('error', reject);
    });
    expect(first).toBe('event: shop\ndata: first\n\n');
  });

  it("joins a WebSocket upgrade on the remote's path to that remote's dev server", async () => {
    const { front } = await setUp();
    const socket = net.connect(front, '127.0.0.1');
    let received = '';
    socket.on('data', (data: Buffer) => (received += data.toString()));
    socket.write('GET /mf/mf-menu/0.1.0-dev/ws HTTP/1.1\r\nHost: preview.localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    await expect.poll(() => received).toContain('101 Switching Protocols');
    expect(received).toContain('X-Server: remote');
    socket.write('ping');
    await expect.poll(() => received).toContain('remote got ping');
    socket.destroy();
  });

  it('answers 502 with the port when a server is not there', async () => {
    const { front, plan } = await setUp();
    const closed = servers.find((s) => (s.address() as AddressInfo | null)?.port === plan.apiPort)!;
    (closed as http.Server).closeAllConnections();
    await new Promise((resolve) => closed.close(resolve));
    servers.splice(servers.indexOf(closed), 1);
    const answer = await request(front, '/');
    expect(answer.status).toBe(502);
    expect(answer.text).toContain(`no answer from port ${plan.apiPort}`);
  });
});
