// @ts-check
// The front port of `npm run dev`: one origin for the page, so the shop's Content-Security-Policy
// ('self' only) and its same-origin API calls hold unchanged. Requests for a served remote's version
// folder (and its hot-update WebSocket) go to that remote's webpack-dev-server, all else to the API.
// Bodies are piped, not buffered: the API's event stream passes through as it is written.
import http from 'node:http';
import net from 'node:net';
import { targetPort } from './dev-plan.mjs';

/**
 * @param {import('./dev-plan.mjs').DevPlan} plan
 * @returns {Promise<http.Server>}
 */
export async function startDevProxy(plan) {
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: targetPort(req.url ?? '/', plan), method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`npm run dev: no answer from port ${targetPort(req.url ?? '/', plan)} (${error.message})`);
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req, socket, head) => {
    const upstream = net.connect(targetPort(req.url ?? '/', plan), '127.0.0.1', () => {
      const headers = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${req.method} ${req.url} HTTP/${req.httpVersion}\r\n${headers.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    const close = () => {
      socket.destroy();
      upstream.destroy();
    };
    // Either side closing or failing ends both: no half-open socket keeps a server from closing.
    for (const side of [upstream, socket]) {
      side.on('error', close);
      side.on('close', close);
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(plan.port, '127.0.0.1', () => resolve(undefined));
  });
  return server;
}
