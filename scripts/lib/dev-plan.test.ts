import { describe, expect, it } from 'vitest';
import { planDev, targetPort } from './dev-plan.mjs';

const REMOTES = ['mf-menu', 'mf-cart', 'mf-checkout'];
const context = { remotes: REMOTES, versions: { 'mf-menu': '0.1.0-dev', 'mf-cart': '0.2.0-dev', 'mf-checkout': '0.1.0-dev' }, defaultPort: 3000 };

describe('planDev (which remotes npm run dev serves, and where)', () => {
  it('serves every remote without arguments, each on its own port after the front port and the API', () => {
    const plan = planDev([], context);
    expect(plan.port).toBe(3000);
    expect(plan.apiPort).toBe(3001);
    expect(plan.remotes.map((r) => [r.folder, r.port])).toEqual([
      ['mf-menu', 3002],
      ['mf-cart', 3003],
      ['mf-checkout', 3004],
    ]);
  });

  it('serves only the named remotes, by folder or short name, in the order of the remote list', () => {
    expect(planDev(['checkout', 'mf-menu'], context).remotes.map((r) => r.folder)).toEqual(['mf-menu', 'mf-checkout']);
    expect(planDev(['all'], context).remotes).toHaveLength(3);
  });

  it('takes the front port from --port', () => {
    expect(planDev(['mf-cart', '--port', '4350'], context)).toMatchObject({ port: 4350, apiPort: 4351, remotes: [{ folder: 'mf-cart', port: 4352 }] });
    expect(planDev(['--port=4360'], context).port).toBe(4360);
  });

  it('refuses unknown remotes, unknown options and ports that are not numbers', () => {
    expect(() => planDev(['mf-admin'], context)).toThrow('no remote "mf-admin"');
    expect(() => planDev(['--hot'], context)).toThrow('unknown option --hot');
    expect(() => planDev(['--port', 'x'], context)).toThrow('--port needs a port number');
  });

  it('opens the preview host with one override per served remote, naming its development version', () => {
    const plan = planDev(['menu', 'cart'], context);
    expect(plan.url).toBe('http://preview.localhost:3000/?mf-override=mf_menu@0.1.0-dev&mf-override=mf_cart@0.2.0-dev');
    expect(plan.remotes[1]).toMatchObject({ name: 'mf_cart', version: '0.2.0-dev', prefix: '/mf/mf-cart/0.2.0-dev/' });
  });
});

describe('targetPort (the front port routes a request)', () => {
  const plan = planDev(['menu', 'cart', '--port', '4350'], context);

  it("sends a served remote's version folder, hot updates and WebSocket to its dev server", () => {
    expect(targetPort('/mf/mf-menu/0.1.0-dev/mf-manifest.json', plan)).toBe(4352);
    expect(targetPort('/mf/mf-cart/0.2.0-dev/mf_cart.1a2b.hot-update.json?x=1', plan)).toBe(4353);
    expect(targetPort('/mf/mf-menu/0.1.0-dev/ws', plan)).toBe(4352);
  });

  it('sends everything else to the API: the shell, the API, released remote versions, remotes not served', () => {
    for (const url of [
      '/',
      '/Speisen/burger?x=/mf/mf-menu/0.1.0-dev/',
      '/api/events',
      '/mf/mf-menu/0.1.0/remoteEntry.js',
      '/mf/mf-checkout/0.1.0-dev/remoteEntry.js',
    ]) {
      expect(targetPort(url, plan)).toBe(4351);
    }
  });
});
