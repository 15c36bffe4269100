/**
 * The cost of admission webhooks (issue 9): creates/s with 16 clients in a namespace watched by one
 * validating webhook (an HTTPS server of this process on 127.0.0.1 that answers at once), next to
 * the same in a namespace no webhook matches (target ≥ 0.7×); then one client's create latency
 * with one mutating and one validating webhook, next to none (the added p50/p99). The webhooks are
 * reached by `url` with their caBundle, as a student registers one locally; namespaceSelectors keep
 * them off every other namespace. Creates in the two namespaces take turns so a drift of the
 * machine weighs on both alike.
 */
import https from 'node:https';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { ensureCertificates } from '../local/certs.ts';
import { expectStatus, type Api } from './client.ts';
import { measureCreates } from './creates.ts';
import type { Figure } from './figures.ts';
import { createNamespace } from './objects.ts';
import { fmt, percentile } from './stats.ts';
import type { Phase } from './workloads.ts';

const PLAN = { full: { creates: 2_000, latency: 300, seconds: 60 }, quick: { creates: 300, latency: 100, seconds: 20 } };
const TARGET_RATIO = 0.7;
const WITH = 'bench-webhook';
const WITHOUT = 'bench-no-webhook';
const ADMISSION = '/apis/admissionregistration.k8s.io/v1';

/** An HTTPS AdmissionReview server that allows everything; /mutate adds a label by JSONPatch. */
export async function webhookServer(dir: string) {
  const pki = await ensureCertificates(dir, ['127.0.0.1']);
  const patch = Buffer.from(JSON.stringify([{ op: 'add', path: '/metadata/labels', value: { mutated: 'yes' } }])).toString('base64');
  const server = https.createServer({ key: pki.keyPem, cert: pki.certPem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const { request } = JSON.parse(Buffer.concat(chunks).toString()) as { request: { uid: string } };
      const mutate = req.url?.startsWith('/mutate') ? { patchType: 'JSONPatch', patch } : {};
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: request.uid, allowed: true, ...mutate } }));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const port = (server.address() as AddressInfo).port;
  const caBundle = Buffer.from(pki.caPem).toString('base64');
  return { port, caBundle, close: () => (server.closeAllConnections(), new Promise<void>((ok) => server.close(() => ok()))) };
}

export const configuration = (kind: 'Validating' | 'Mutating', path: string, port: number, caBundle: string, namespace: string) => ({
  apiVersion: 'admissionregistration.k8s.io/v1',
  kind: `${kind}WebhookConfiguration`,
  metadata: { name: `bench-${kind.toLowerCase()}` },
  webhooks: [
    {
      name: `${kind.toLowerCase()}.bench.timonier.dev`,
      clientConfig: { url: `https://127.0.0.1:${port}${path}`, caBundle },
      rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': namespace } },
      sideEffects: 'None',
      admissionReviewVersions: ['v1'],
      timeoutSeconds: 5,
    },
  ],
});

/** One client's create latencies (ms) in `namespace`. */
async function latencies(api: Api, namespace: string, count: number, prefix: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const r = await api.request('POST', `/api/v1/namespaces/${namespace}/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${prefix}-${i}` }, data: { a: 'b' } });
    expectStatus(r, 201);
    out.push(r.ms);
  }
  return out;
}

export async function measureWebhooks(o: { api: Api; phase: Phase; quick: boolean }): Promise<void> {
  const plan = o.quick ? PLAN.quick : PLAN.full;
  const dir = await mkdtemp(join(tmpdir(), 'timonier-bench-webhooks-'));
  const hook = await webhookServer(dir);
  const registered: string[] = [];
  try {
    await createNamespace(o.api, WITH);
    await createNamespace(o.api, WITHOUT);
    const register = async (kind: 'Validating' | 'Mutating', path: string) => {
      const resource = `${kind.toLowerCase()}webhookconfigurations`;
      expectStatus(await o.api.request('POST', `${ADMISSION}/${resource}`, configuration(kind, path, hook.port, hook.caBundle, WITH)), 201);
      registered.push(`${ADMISSION}/${resource}/bench-${kind.toLowerCase()}`);
    };
    await register('Validating', '/validate');
    // the webhook answers before the measure starts (configurations cached, connections open)
    await latencies(o.api, WITH, 20, 'warm');

    const half = Math.floor(plan.creates / 2);
    const creates = (namespace: string, from: number) => measureCreates(o.api, { namespace, clients: 16, count: half, from, maxSeconds: plan.seconds });
    const rates = { with: 0, without: 0 };
    let created = 0;
    await o.phase(`webhooks: creates/s, 16 clients, with one validating webhook and without (${plan.creates} each, in turns)`, plan.seconds * 4, async () => {
      for (let turn = 0; turn < 2; turn++) {
        const without = await creates(WITHOUT, created);
        const withHook = await creates(WITH, created);
        created += half;
        rates.without += without.figures[0].value / 2;
        rates.with += withHook.figures[0].value / 2;
      }
      const figures: Figure[] = [
        { name: 'creates/s, 16 clients, no webhook', value: rates.without, unit: '/s' },
        { name: 'creates/s, 16 clients, one validating webhook', value: rates.with, unit: '/s' },
        { name: 'creates/s with a webhook ÷ without', value: rates.with / rates.without, unit: '×', target: { atLeast: TARGET_RATIO } },
      ];
      return { figures };
    });

    await register('Mutating', '/mutate');
    await latencies(o.api, WITH, 20, 'warm-m');
    await o.phase(`webhooks: one client's create latency with one mutating + one validating webhook, and without`, plan.seconds * 2, async () => {
      const none = await latencies(o.api, WITHOUT, plan.latency, 'lat');
      const both = await latencies(o.api, WITH, plan.latency, 'lat');
      const figures: Figure[] = [
        { name: 'create latency p50, no webhook', value: percentile(none, 50), unit: 'ms' },
        { name: 'create latency p99, no webhook', value: percentile(none, 99), unit: 'ms' },
        { name: 'create latency added by a mutating + a validating webhook, p50', value: percentile(both, 50) - percentile(none, 50), unit: 'ms', note: `p50 ${fmt(percentile(both, 50), 2)} ms with them` },
        { name: 'create latency added by a mutating + a validating webhook, p99', value: percentile(both, 99) - percentile(none, 99), unit: 'ms', note: `p99 ${fmt(percentile(both, 99), 2)} ms with them` },
      ];
      return { figures };
    });
  } finally {
    for (const path of registered) await o.api.request('DELETE', path).catch(() => undefined);
    await hook.close();
    await rm(dir, { recursive: true, force: true });
  }
}
