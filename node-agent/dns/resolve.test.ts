import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Service } from '../../lib/api/core/service.ts';
import type { EndpointSlice } from '../../lib/api/discovery.ts';
import { buildIndex, resolve, type Resolution } from './resolve.ts';
import { CLASS_IN, RCODE, TYPE } from './wire.ts';

const svc = (name: string, spec: Service['spec'], ns = 'default'): Service => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: ns }, spec });
const slice = (service: string, endpoints: EndpointSlice['endpoints'], ports: EndpointSlice['ports'] = [{ name: 'web', port: 8080, protocol: 'TCP' }], ns = 'default'): EndpointSlice => ({
  apiVersion: 'discovery.k8s.io/v1',
  kind: 'EndpointSlice',
  metadata: { name: `${service}-abc`, namespace: ns, labels: { 'kubernetes.io/service-name': service } },
  addressType: 'IPv4',
  endpoints,
  ports,
});

const index = buildIndex(
  [
    svc('postgresql', { clusterIP: '10.96.0.42', ports: [{ name: 'pg', port: 5432, protocol: 'TCP' }] }),
    svc('web', { clusterIP: 'None', ports: [{ name: 'web', port: 80 }] }),
    svc('ext', { type: 'ExternalName', externalName: 'example.com' }),
    svc('kube-dns', { clusterIP: '10.96.0.10' }, 'kube-system'),
  ],
  [
    slice('web', [
      { addresses: ['10.244.0.5'], hostname: 'web-0', conditions: { ready: true } },
      { addresses: ['10.244.0.6'], hostname: 'web-1', conditions: { ready: true } },
      { addresses: ['10.244.0.7'], hostname: 'web-2', conditions: { ready: false } },
    ]),
  ],
);
const ask = (name: string, type: number = TYPE.A) => resolve(index, { name, type, class: CLASS_IN });
const addresses = (r: Resolution) => (r.kind === 'answer' ? r.answers.map((a) => ('address' in a ? a.address : 'target' in a ? a.target : '?')) : r.kind);

test('a ClusterIP service: its address, case-insensitively', () => {
  assert.deepEqual(addresses(ask('postgresql.default.svc.cluster.local')), ['10.96.0.42']);
  assert.deepEqual(addresses(ask('PostgreSQL.Default.SVC.cluster.local.')), ['10.96.0.42']);
  assert.deepEqual(addresses(ask('kube-dns.kube-system.svc.cluster.local')), ['10.96.0.10']);
});

test('a headless service: its ready endpoints; a StatefulSet pod by hostname', () => {
  assert.deepEqual(addresses(ask('web.default.svc.cluster.local')), ['10.244.0.5', '10.244.0.6']);
  assert.deepEqual(addresses(ask('web-1.web.default.svc.cluster.local')), ['10.244.0.6']);
  const notReady = ask('web-2.web.default.svc.cluster.local');
  assert.equal(notReady.kind === 'answer' && notReady.rcode, RCODE.NXDOMAIN);
});

test('ExternalName is a CNAME; pod names by dashed IP', () => {
  assert.deepEqual(addresses(ask('ext.default.svc.cluster.local')), ['example.com']);
  assert.deepEqual(addresses(ask('10-244-0-9.default.pod.cluster.local')), ['10.244.0.9']);
});

test('SRV: the service port on the ClusterIP; a headless service, one per endpoint with its address', () => {
  const r = ask('_pg._tcp.postgresql.default.svc.cluster.local', TYPE.SRV);
  assert.ok(r.kind === 'answer');
  assert.deepEqual(r.answers.map((a) => 'port' in a && [a.port, a.target]), [[5432, 'postgresql.default.svc.cluster.local']]);
  assert.deepEqual(addresses({ ...r, answers: r.additionals }), ['10.96.0.42']);
  const h = ask('_web._tcp.web.default.svc.cluster.local', TYPE.SRV);
  assert.ok(h.kind === 'answer');
  assert.deepEqual(h.answers.map((a) => 'port' in a && [a.port, a.target]), [
    [8080, 'web-0.web.default.svc.cluster.local'],
    [8080, 'web-1.web.default.svc.cluster.local'],
  ]);
});

test('unknown names of the domain: NXDOMAIN with the SOA; a name without records of the type: NODATA', () => {
  for (const name of ['nope.default.svc.cluster.local', 'postgresql.default.default.svc.cluster.local', 'postgresql.default.cluster.local', 'x.cluster.local']) {
    const r = ask(name);
    assert.ok(r.kind === 'answer', name);
    assert.equal(r.rcode, RCODE.NXDOMAIN, name);
    assert.equal(r.authorities[0]?.type, TYPE.SOA);
  }
  for (const [name, type] of [['postgresql.default.svc.cluster.local', TYPE.AAAA], ['default.svc.cluster.local', TYPE.A], ['svc.cluster.local', TYPE.A]] as const) {
    const r = ask(name, type);
    assert.ok(r.kind === 'answer');
    assert.equal(r.rcode, RCODE.NOERROR, name);
    assert.deepEqual(r.answers, []);
    assert.equal(r.authorities[0]?.type, TYPE.SOA);
  }
});

test('names outside the cluster domain are forwarded', () => {
  assert.deepEqual(addresses(ask('example.com')), 'forward');
  assert.deepEqual(addresses(ask('postgresql')), 'forward');
  assert.deepEqual(addresses(ask('notcluster.local')), 'forward');
});
