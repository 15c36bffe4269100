/**
 * /healthz, /livez, /readyz (with ?verbose and per-check paths) and /version. The storage check
 * keeps Kubernetes' name `etcd`, as the course's chapters read it; here it pings the event log.
 */
import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

type Check = { name: string; run: (c: Context<AppEnv>) => Promise<void> };

const ok = async () => undefined;
const storage = async (c: Context<AppEnv>) => {
  await c.get('storage').currentRev();
};

const LIVE: Check[] = [
  { name: 'ping', run: ok },
  { name: 'log', run: ok },
  { name: 'etcd', run: storage },
];
const READY: Check[] = [...LIVE, { name: 'etcd-readiness', run: storage }, { name: 'informer-sync', run: ok }, { name: 'shutdown', run: ok }];

export const VERSION = {
  major: '1',
  minor: '32',
  gitVersion: 'v1.32.4+timonier',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2026-11-29T00:00:00Z',
  goVersion: 'go1.23.6',
  compiler: 'gc',
  platform: 'linux/amd64',
};

export function healthHandler(kind: 'healthz' | 'livez' | 'readyz') {
  const checks = kind === 'readyz' ? READY : LIVE;
  return async (c: Context<AppEnv>) => {
    const only = c.req.param('check');
    const selected = only ? checks.filter((ch) => ch.name === only) : checks;
    if (only && selected.length === 0) return c.text('404 page not found\n', 404);
    const results = await Promise.all(
      selected.map(async (ch) => {
        try {
          await ch.run(c);
          return { name: ch.name, ok: true, err: '' };
        } catch (e) {
          return { name: ch.name, ok: false, err: (e as Error).message };
        }
      }),
    );
    const failed = results.filter((r) => !r.ok);
    const verbose = c.req.query('verbose') !== undefined;
    c.header('Content-Type', 'text/plain; charset=utf-8');
    c.header('X-Content-Type-Options', 'nosniff');
    if (!verbose && !failed.length) return c.body('ok', 200);
    const lines = results.map((r) => (r.ok ? `[+]${r.name} ok` : `[-]${r.name} failed: reason withheld`));
    lines.push(failed.length ? `${kind} check failed` : `${kind} check passed`);
    return c.body(lines.join('\n') + '\n', failed.length ? 500 : 200);
  };
}
