/**
 * Fair share of the API against the real workers: a service account's runaway loop is refused
 * with kube-apiserver's 429 (plain text, Retry-After) once past its burst, requests that end up
 * 403 count as APF counts them, and meanwhile the administrator, another identity, kube-system's
 * service accounts and health probes are all served. The limit is made small through the
 * control plane's settings (FAIR_SHARE_QPS / FAIR_SHARE_BURST).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster, type Reply } from '../support/cluster.ts';

const QPS = 2;
const BURST = 10;
const cluster = useCluster({ apiserverSettings: { FAIR_SHARE_QPS: String(QPS), FAIR_SHARE_BURST: String(BURST) } });
const NS = 'fair';
const CONFIGMAPS = `/api/v1/namespaces/${NS}/configmaps`;
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

async function serviceAccountToken(namespace: string, name: string): Promise<string> {
  const sa = await cluster.api('POST', `/api/v1/namespaces/${namespace}/serviceaccounts`, { body: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name } } });
  assert.equal(sa.status, 201, sa.text);
  const r = await cluster.kubectl(['-n', namespace, 'create', 'token', name]);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout.trim();
}

let runaway = '';
let calm = '';
let system = '';

test('set up: a namespace and the tokens of three service accounts', async () => {
  const ns = await cluster.api('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } } });
  assert.equal(ns.status, 201, ns.text);
  runaway = await serviceAccountToken(NS, 'runaway');
  calm = await serviceAccountToken(NS, 'calm');
  system = await serviceAccountToken('kube-system', 'cluster-tool');
});

test("a runaway loop gets 429 with Retry-After past its burst, while the admin's requests all succeed", async () => {
  const started = performance.now();
  const mine: Reply[] = [];
  const admin: Reply[] = [];
  for (let i = 0; i < 4 * BURST; i++) {
    mine.push(await cluster.api('GET', CONFIGMAPS, { token: runaway }));
    admin.push(await cluster.api('GET', CONFIGMAPS));
  }
  const seconds = (performance.now() - started) / 1000;

  assert.deepEqual(admin.map((r) => r.status).filter((s) => s !== 200), [], 'every admin request is served');
  const served = mine.filter((r) => r.status !== 429);
  const refused = mine.filter((r) => r.status === 429);
  // not authorized: each admitted request is a 403, and it still counted against the share
  assert.deepEqual(mine.slice(0, BURST).map((r) => r.status), Array(BURST).fill(403), 'the burst is served (and forbidden)');
  assert.ok(served.every((r) => r.status === 403));
  assert.ok(served.length <= BURST + Math.ceil(seconds * QPS) + 1, `${served.length} served in ${seconds.toFixed(2)} s at ${QPS}/s after a burst of ${BURST}`);
  assert.ok(refused.length >= 2 * BURST, `${refused.length} refused`);

  const r = refused[0];
  assert.equal(r.text, 'Too many requests, please try again later.\n', 'the body kube-apiserver writes with http.Error');
  assert.match(String(r.headers['content-type']), /^text\/plain; charset=utf-8/);
  assert.equal(r.headers['retry-after'], '1', `less than one token missing at ${QPS}/s`);
});

/** Sends requests as `token` until one is refused (at most 3 bursts' worth); returns them all. */
async function loop(token: string): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (let i = 0; i < 3 * BURST && replies.at(-1)?.status !== 429; i++) replies.push(await cluster.api('GET', CONFIGMAPS, { token }));
  return replies;
}

test('while the runaway is refused, another identity, kube-system service accounts and probes are served', async () => {
  const mine = loop(runaway);
  const replies = await Promise.all([
    ...Array.from({ length: 5 }, () => cluster.api('GET', CONFIGMAPS, { token: calm })),
    ...Array.from({ length: 3 * BURST }, () => cluster.api('GET', CONFIGMAPS, { token: system })),
    ...Array.from({ length: 3 * BURST }, () => cluster.api('GET', '/livez', { token: null })),
  ]);
  assert.equal((await mine).at(-1)!.status, 429, 'the runaway is refused');
  assert.deepEqual(
    replies.map((r) => r.status).filter((s) => s === 429),
    [],
  );
  assert.equal(replies[0].status, 403, 'calm is served (and forbidden: nothing is bound to it)');
  assert.equal(replies.at(-1)!.status, 200);
});

test('after Retry-After the runaway is served again', async () => {
  const refused = (await loop(runaway)).at(-1)!;
  assert.equal(refused.status, 429);
  await sleep(Number(refused.headers['retry-after']) * 1000 + 100);
  assert.equal((await cluster.api('GET', CONFIGMAPS, { token: runaway })).status, 403);
});
