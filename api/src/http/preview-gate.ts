// The door of a preview host (docs/requirements.md#preview-apart): every request needs the host's
// token — once as `?preview-token=…` (which sets the cookie and redirects to the same address without
// it), then in the first-party cookie. Anything else is refused with a message that says how to get in.
// Versioned remote files (/mf/…, public on every host) and the balancer's health checks stay open.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HostDescriptor } from '@shop/shared/contract';
import { shell as texts } from '@shop/shared/i18n/shell';
import { PREVIEW_COOKIE, PREVIEW_COOKIE_MAX_AGE_S, PREVIEW_TOKEN_PARAM, previewTokenMatches } from '../deploy/preview-access';

const OPEN_PATHS = new Set(['/api/health', '/api/ready']);

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function refuse(request: FastifyRequest, reply: FastifyReply, pathname: string, wrongToken: boolean) {
  const message = wrongToken ? texts.previewTokenWrong : texts.previewLocked;
  const english = wrongToken
    ? 'This preview host refused the preview token: it is not the token configured for this host'
    : `This is a preview host for QA: open it once with /?${PREVIEW_TOKEN_PARAM}=<token> (the token configured for this host)`;
  reply.code(403).header('cache-control', 'no-store');
  if (pathname.startsWith('/api/') || request.headers.accept?.includes('application/json')) {
    return reply.send({ ok: false, error: { code: 'forbidden', message: english, userMessage: message } });
  }
  return reply
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="de"><meta charset="utf-8"><title>${texts.previewLockedTitle}</title><h1>${texts.previewLockedTitle}</h1><p>${message}</p></html>`,
    );
}

export function registerPreviewGate(app: FastifyInstance, descriptorOf: (request: FastifyRequest) => HostDescriptor): void {
  app.addHook('onRequest', async (request, reply) => {
    const [pathname = '/', query = ''] = request.url.split('?');
    if (pathname.startsWith('/mf/') || OPEN_PATHS.has(pathname)) return;
    let descriptor: HostDescriptor;
    try {
      descriptor = descriptorOf(request);
    } catch {
      return; // No descriptor for this host: the routes answer that.
    }
    if (!descriptor.preview) return;
    const params = new URLSearchParams(query);
    const offered = params.get(PREVIEW_TOKEN_PARAM);
    if (offered !== null) {
      if (!previewTokenMatches(descriptor, offered)) return refuse(request, reply, pathname, true);
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${PREVIEW_COOKIE}=${encodeURIComponent(offered)}; Path=/; Max-Age=${PREVIEW_COOKIE_MAX_AGE_S}; SameSite=Lax; HttpOnly${secure}`,
      );
      // The token leaves the address bar (and history, and referrers) at once.
      params.delete(PREVIEW_TOKEN_PARAM);
      const rest = params.toString();
      return reply.header('cache-control', 'no-store').redirect(`${pathname}${rest ? `?${rest}` : ''}`, 303);
    }
    if (previewTokenMatches(descriptor, cookieValue(request.headers.cookie, PREVIEW_COOKIE))) return;
    return refuse(request, reply, pathname, false);
  });
}
