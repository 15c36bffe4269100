import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../lib/api/core/pod.ts';
import { parseResolvConf, podDnsConfig, type ClusterDns } from './pod-config.ts';

const host = parseResolvConf('# a comment\nnameserver 10.255.255.53\nnameserver 1.1.1.1 \nsearch corp.example lan\noptions edns0 timeout:2\n');
const cluster: ClusterDns = { serverIP: '10.96.0.10', domain: 'cluster.local', host };
const pod = (spec: Record<string, unknown>, namespace = 'shop'): Pod => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace }, spec: { containers: [], ...spec } }) as Pod;

test("resolv.conf's nameservers, last search line and options", () => {
  assert.deepEqual(host, { servers: ['10.255.255.53', '1.1.1.1'], searches: ['corp.example', 'lan'], options: ['edns0', 'timeout:2'] });
});

test('ClusterFirst (the default): the cluster DNS, the search path Kubernetes writes, ndots:5', () => {
  assert.deepEqual(podDnsConfig(pod({}), cluster), { servers: ['10.96.0.10'], searches: ['shop.svc.cluster.local', 'svc.cluster.local', 'cluster.local', 'corp.example', 'lan'], options: ['ndots:5'] });
});

test("Default and ClusterFirst on the host's network: the node's resolv.conf; ClusterFirstWithHostNet: the cluster's", () => {
  assert.deepEqual(podDnsConfig(pod({ dnsPolicy: 'Default' }), cluster), host);
  assert.deepEqual(podDnsConfig(pod({ hostNetwork: true }), cluster), host);
  assert.deepEqual(podDnsConfig(pod({ hostNetwork: true, dnsPolicy: 'ClusterFirstWithHostNet' }), cluster)?.servers, ['10.96.0.10']);
});

test('None takes only dnsConfig; dnsConfig merges in (options by name, 3 nameservers at most)', () => {
  assert.deepEqual(podDnsConfig(pod({ dnsPolicy: 'None', dnsConfig: { nameservers: ['8.8.8.8'], searches: ['a.example'], options: [{ name: 'ndots', value: '2' }, { name: 'rotate' }] } }), cluster), {
    servers: ['8.8.8.8'],
    searches: ['a.example'],
    options: ['ndots:2', 'rotate'],
  });
  const merged = podDnsConfig(pod({ dnsConfig: { nameservers: ['1.1.1.1', '8.8.8.8', '9.9.9.9'], options: [{ name: 'ndots', value: '1' }] } }), cluster)!;
  assert.deepEqual(merged.servers, ['10.96.0.10', '1.1.1.1', '8.8.8.8']);
  assert.deepEqual(merged.options, ['ndots:1']);
});

test('no cluster DNS on the node (simulated runtime): the runtime default', () => {
  assert.equal(podDnsConfig(pod({}), undefined), undefined);
});
