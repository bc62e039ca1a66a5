import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OpsConfig } from '../config';
import { collectProcessMetrics, registry } from './metrics';

/** An allow list of addresses and CIDRs ('10.0.0.0/8', '::1'). */
export function allowListOf(entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

function allowedAddress(list: net.BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return list.check(mapped, 'ipv4');
  return list.check(ip, net.isIP(ip) === 6 ? 'ipv6' : 'ipv4');
}

function tokenMatches(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const given = request.headers.authorization?.startsWith('Bearer ') ? request.headers.authorization.slice(7) : '';
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * GET /api/metrics: Prometheus text format, for a scraper only: with `Authorization: Bearer
 * <METRICS_TOKEN>`, or from an address in METRICS_ALLOW (default loopback). The client address is
 * the one Fastify derives (X-Forwarded-For only from TRUST_PROXY proxies); the nginx recipe also
 * refuses the path from outside.
 */
export function registerMetricsRoute(app: FastifyInstance, ops: Pick<OpsConfig, 'metricsToken' | 'metricsAllow'>): void {
  const allow = allowListOf(ops.metricsAllow);
  collectProcessMetrics();
  app.get('/api/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!tokenMatches(request, ops.metricsToken) && !allowedAddress(allow, request.ip)) {
      return reply
        .code(403)
        .send({ ok: false, error: { code: 'forbidden', message: 'Metrics are for configured scrapers only (METRICS_TOKEN or METRICS_ALLOW)' } });
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
