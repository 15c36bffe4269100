/**
 * A Service's EndpointSlice and Endpoints against the running control plane: exactly the ready
 * pods' IPs, updated as a pod stops being ready or terminates, removed with the Service. Pods are
 * placed on a node played by the test (fake-nodes marks them Running and Ready with an IP).
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import type { Endpoints } from '../../lib/api/core/endpoints.ts';
import type { Pod } from '../../lib/api/core/pod.ts';
import type { Service } from '../../lib/api/core/service.ts';
import type { EndpointSlice } from '../../lib/api/discovery.ts';
import { ApiClient } from '../../lib/client/client.ts';
import { RESOURCES } from '../../lib/client/resources.ts';
import { useCluster } from '../support/cluster.ts';
import { fakeNodes, type FakeNodes } from '../support/fake-nodes.ts';
import { httpsFetch } from '../../node-agent/http.ts';

const cluster = useCluster();
const NS = 'shop';
let nodes: FakeNodes;
let api: ApiClient;
// root-level before hooks run concurrently with the cluster's (Node 20): each test awaits this
let ready: Promise<void> | undefined;
const setup = () =>
  (ready ??= (async () => {
    api = new ApiClient({ baseUrl: cluster.cp.url, fetch: httpsFetch(cluster.cp.caPem), token: cluster.cp.token, fieldManager: 'test' });
    nodes = fakeNodes(cluster);
    await nodes.add('node-1');
    await kubectl('create', 'namespace', NS);
  })());
after(() => nodes?.close());

async function kubectl(...args: string[]): Promise<string> {
  const r = await cluster.kubectl(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** Polls `check` until it returns a value (not undefined/false); fails with the last state seen. */
async function until<T>(what: string, check: () => Promise<T | undefined | false>, show: () => Promise<unknown> = async () => '', timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(await show())}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A pod of `app`, placed on node-1 directly (no scheduler needed), serving 8080 as `http`. */
const podOf = (name: string, app: string): Pod =>
  ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, labels: { app } },
    spec: { nodeName: 'node-1', containers: [{ name: 'web', image: 'nginx:1.30-alpine', ports: [{ name: 'http', containerPort: 8080 }] }] },
  }) as Pod;

const slicesOf = async (service: string) => (await api.list<EndpointSlice>(RESOURCES.endpointslices, { namespace: NS, labelSelector: `kubernetes.io/service-name=${service}` })).items;
const readyIPs = (slices: EndpointSlice[]) => slices.flatMap((s) => (s.endpoints ?? []).filter((e) => e.conditions?.ready).flatMap((e) => e.addresses)).sort();
const endpointsOf = (service: string) => api.get<Endpoints>(RESOURCES.endpoints, NS, service);
const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

async function runningIPs(names: string[]): Promise<string[]> {
  return until(`pods ${names.join(', ')} running`, async () => {
    const pods = await Promise.all(names.map((n) => api.get<Pod>(RESOURCES.pods, NS, n)));
    const ips = pods.map((p) => p?.status?.podIP);
    return ips.every(Boolean) && (ips as string[]).sort();
  });
}

describe('EndpointSlice and Endpoints controllers', () => {
  test('a Service gets an EndpointSlice with exactly the ready pods’ IPs, and Endpoints to match', async () => {
    await setup();
    await kubectl('create', 'service', 'clusterip', 'web', '--tcp=80:8080', '-n', NS);
    const svc = (await api.get<Service>(RESOURCES.services, NS, 'web'))!;
    // an empty slice exists from the start (the placeholder), and the Endpoints
    const [placeholder] = await until('the placeholder slice', async () => (await slicesOf('web')).length === 1 && slicesOf('web'));
    assert.equal(placeholder.endpoints ?? null, null);
    assert.match(placeholder.metadata.name!, /^web-[a-z0-9]{5}$/);
    assert.deepEqual(placeholder.metadata.labels, { app: 'web', 'kubernetes.io/service-name': 'web', 'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io' });
    assert.deepEqual(placeholder.metadata.ownerReferences, [{ apiVersion: 'v1', kind: 'Service', name: 'web', uid: svc.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    await until('the Endpoints', () => endpointsOf('web'));

    for (const n of ['web-a', 'web-b', 'web-c']) await api.create(RESOURCES.pods, NS, podOf(n, 'web'));
    await api.create(RESOURCES.pods, NS, podOf('other', 'other'));
    const ips = await runningIPs(['web-a', 'web-b', 'web-c']);
    const slices = await until('the three ready IPs in the slice', async () => {
      const s = await slicesOf('web');
      return same(readyIPs(s), ips) && s;
    }, () => slicesOf('web'));
    assert.equal(slices.length, 1);
    assert.equal(slices[0].metadata.name, placeholder.metadata.name, 'the placeholder was filled in place');
    // kubectl create service names the port after its numbers
    assert.deepEqual(slices[0].ports, [{ name: '80-8080', protocol: 'TCP', port: 8080 }]);
    const a = slices[0].endpoints!.find((e) => e.targetRef?.name === 'web-a')!;
    assert.deepEqual(a.conditions, { ready: true, serving: true, terminating: false });
    assert.equal(a.nodeName, 'node-1');
    assert.equal(a.targetRef?.kind, 'Pod');

    const ep = await until('the three IPs in Endpoints', async () => {
      const e = await endpointsOf('web');
      return same((e?.subsets ?? []).flatMap((s) => (s.addresses ?? []).map((x) => x.ip)).sort(), ips) && e;
    }, () => endpointsOf('web'));
    assert.deepEqual(ep.subsets?.[0].ports, [{ name: '80-8080', port: 8080, protocol: 'TCP' }]);
    const shown = await kubectl('get', 'endpoints', 'web', '-n', NS);
    for (const ip of ips) assert.match(shown, new RegExp(`${ip.replaceAll('.', '\\.')}:8080`));
    assert.match(await kubectl('get', 'endpointslices', '-n', NS), new RegExp(`${placeholder.metadata.name}\\s+IPv4\\s+8080\\s+`));
    // kubectl describe reads the slices for the Endpoints line
    const described = await kubectl('describe', 'service', 'web', '-n', NS);
    const line = /^Endpoints:\s+(.*)$/m.exec(described)?.[1] ?? described;
    assert.deepEqual(line.split(',').sort(), ips.map((ip) => `${ip}:8080`).sort());
  });

  test('a pod that stops being ready leaves the ready set (notReadyAddresses in Endpoints)', async () => {
    await setup();
    const b = (await api.get<Pod>(RESOURCES.pods, NS, 'web-b'))!;
    const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    await api.patch(RESOURCES.pods, NS, 'web-b', { status: { conditions: [{ type: 'Ready', status: 'False', lastProbeTime: null, lastTransitionTime: now }] } }, 'strategic', 'status');
    const bIP = b.status!.podIP!;
    const slice = await until('web-b not ready in the slice', async () => {
      const [s] = await slicesOf('web');
      return !readyIPs([s]).includes(bIP) && s;
    }, () => slicesOf('web'));
    assert.equal(readyIPs([slice]).length, 2);
    assert.deepEqual(slice.endpoints!.find((e) => e.targetRef?.name === 'web-b')!.conditions, { ready: false, serving: false, terminating: false });
    const ep = await until('web-b in notReadyAddresses', async () => {
      const e = await endpointsOf('web');
      return e?.subsets?.[0].notReadyAddresses?.[0]?.ip === bIP && e;
    }, () => endpointsOf('web'));
    assert.equal(ep.subsets![0].addresses!.length, 2);
  });

  test('a terminating pod is serving but not ready in the slice, gone from Endpoints, then gone', async () => {
    await setup();
    // a finalizer keeps the pod terminating long enough to be seen
    await api.patch(RESOURCES.pods, NS, 'web-c', { metadata: { finalizers: ['timonier.test/hold'] } });
    await kubectl('delete', 'pod', 'web-c', '-n', NS, '--wait=false');
    const slice = await until('web-c terminating in the slice', async () => {
      const [s] = await slicesOf('web');
      return s.endpoints?.find((e) => e.targetRef?.name === 'web-c')?.conditions?.terminating && s;
    }, () => slicesOf('web'));
    assert.deepEqual(slice.endpoints!.find((e) => e.targetRef?.name === 'web-c')!.conditions, { ready: false, serving: true, terminating: true });
    await until('web-c out of Endpoints', async () => {
      const e = await endpointsOf('web');
      return !(e?.subsets ?? []).some((s) => [...(s.addresses ?? []), ...(s.notReadyAddresses ?? [])].some((x) => x.targetRef?.name === 'web-c'));
    }, () => endpointsOf('web'));
    await api.patch(RESOURCES.pods, NS, 'web-c', { metadata: { finalizers: null } });
    await until('web-c out of the slice', async () => !(await slicesOf('web'))[0].endpoints?.some((e) => e.targetRef?.name === 'web-c'), () => slicesOf('web'));
  });

  test('a named targetPort resolves to the container port; the ClusterIP comes from the service range', async () => {
    await setup();
    const r = await cluster.kubectl(['apply', '-n', NS, '-f', '-'], {
      input: JSON.stringify({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'named' }, spec: { selector: { app: 'web' }, ports: [{ name: 'web', port: 80, targetPort: 'http' }] } }),
    });
    assert.equal(r.code, 0, r.stderr);
    const slice = await until('the named service’s slice', async () => {
      const [s] = await slicesOf('named');
      return s?.endpoints?.length ? s : undefined;
    }, () => slicesOf('named'));
    assert.deepEqual(slice.ports, [{ name: 'web', protocol: 'TCP', port: 8080 }]);
    const ip = (await api.get<Service>(RESOURCES.services, NS, 'named'))!.spec!.clusterIP!;
    const [o1, o2] = ip.split('.').map(Number);
    assert.ok(o1 === 10 && o2 >= 96 && o2 < 112, `${ip} is in 10.96.0.0/12`);
  });

  test('deleting the Service removes its slices (garbage collector) and its Endpoints', async () => {
    await setup();
    await kubectl('delete', 'service', 'web', '-n', NS);
    await until('slices and Endpoints gone', async () => !(await slicesOf('web')).length && !(await endpointsOf('web')), async () => [await slicesOf('web'), await endpointsOf('web')]);
  });
});
