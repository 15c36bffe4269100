/**
 * LIST of a namespace's ConfigMaps: in full (one response), and in pages of 500 followed by
 * continue tokens to the end. Times are to the last byte; the client's JSON parse is excluded.
 */
import { expectStatus, nowMs, type Api } from './client.ts';
import type { Figure } from './figures.ts';
import { fmt, mb, percentile } from './stats.ts';

const PAGE = 500;

async function fullList(api: Api, path: string): Promise<{ ms: number; items: number; bytes: number }> {
  const r = expectStatus(await api.request('GET', path), 200);
  return { ms: r.ms, items: JSON.parse(r.body).items.length, bytes: Buffer.byteLength(r.body) };
}

async function pagedList(api: Api, path: string): Promise<{ ms: number; items: number; pages: number; pageMs: number[] }> {
  const started = nowMs();
  const pageMs: number[] = [];
  let items = 0;
  let token = '';
  do {
    const r = expectStatus(await api.request('GET', `${path}?limit=${PAGE}${token ? `&continue=${encodeURIComponent(token)}` : ''}`), 200);
    pageMs.push(r.ms);
    const list = JSON.parse(r.body);
    items += list.items.length;
    token = list.metadata.continue ?? '';
  } while (token);
  return { ms: nowMs() - started, items, pages: pageMs.length, pageMs };
}

/**
 * `repeat` runs of each; the figure is the median run (the first warms caches, as any client's
 * would). `expected`: the objects the bench created (the namespace's kube-root-ca.crt is extra).
 */
export async function measureLists(api: Api, o: { namespace: string; expected: number; repeat: number; targetMs?: number }): Promise<Figure[]> {
  const path = `/api/v1/namespaces/${o.namespace}/configmaps`;
  const full: Awaited<ReturnType<typeof fullList>>[] = [];
  const paged: Awaited<ReturnType<typeof pagedList>>[] = [];
  for (let i = 0; i < o.repeat; i++) {
    full.push(await fullList(api, path));
    paged.push(await pagedList(api, path));
  }
  const f = full[0];
  const p = paged[0];
  const mismatch = [...full, ...paged].find((r) => r.items < o.expected);
  const warn = mismatch ? `, ONLY ${mismatch.items} ITEMS` : '';
  const label = `${f.items.toLocaleString('en')} configmaps`;
  return [
    {
      name: `LIST ${label}, full`,
      value: percentile(full.map((r) => r.ms), 50),
      unit: 'ms',
      ...(o.targetMs ? { target: { atMost: o.targetMs } } : {}),
      note: `median of ${o.repeat}, ${fmt(mb(f.bytes), 1)} MB${warn}`,
    },
    {
      name: `LIST ${label}, pages of ${PAGE}`,
      value: percentile(paged.map((r) => r.ms), 50),
      unit: 'ms',
      ...(o.targetMs ? { target: { atMost: o.targetMs } } : {}),
      note: `median of ${o.repeat}, ${p.pages} pages, page p50 ${fmt(percentile(paged.flatMap((r) => r.pageMs), 50))} ms${warn}`,
    },
  ];
}
