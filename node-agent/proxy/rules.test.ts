import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Service } from '../../lib/api/core/service.ts';
import type { EndpointSlice } from '../../lib/api/discovery.ts';
import { chainPrefix, natRules, ourChains } from './iptables-rules.ts';
import { chooseEndpoints, serviceRules } from './model.ts';

const svc = (name: string, spec: Service['spec'], ns = 'default'): Service => ({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: ns }, spec });
type Ep = NonNullable<EndpointSlice['endpoints']>[number];
const ep = (ip: string, conditions: Ep['conditions']): Ep => ({ addresses: [ip], conditions });
const slice = (service: string, endpoints: Ep[], name = `${service}-x`): EndpointSlice => ({
  apiVersion: 'discovery.k8s.io/v1',
  kind: 'EndpointSlice',
  metadata: { name, namespace: 'default', labels: { 'kubernetes.io/service-name': service } },
  addressType: 'IPv4',
  endpoints,
  ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
});

test('ready endpoints only; serving-terminating ones when none is ready; never not-ready ones', () => {
  const ips = (eps: Ep[]) => chooseEndpoints([slice('web', eps)], 'http', 'TCP').map((t) => `${t.ip}:${t.port}`);
  assert.deepEqual(ips([ep('10.244.0.3', { ready: true }), ep('10.244.0.2', {}), ep('10.244.0.4', { ready: false, serving: false })]), ['10.244.0.2:8080', '10.244.0.3:8080']);
  // a terminating endpoint gets no new connection while another is ready
  assert.deepEqual(ips([ep('10.244.0.3', { ready: true }), ep('10.244.0.5', { ready: false, serving: true, terminating: true })]), ['10.244.0.3:8080']);
  assert.deepEqual(ips([ep('10.244.0.5', { ready: false, serving: true, terminating: true }), ep('10.244.0.6', { ready: false, serving: false, terminating: true })]), ['10.244.0.5:8080']);
  assert.deepEqual(ips([ep('10.244.0.4', { ready: false })]), []);
  // the port is matched by name: a slice of other ports gives nothing
  assert.deepEqual(chooseEndpoints([slice('web', [ep('10.244.0.2', {})])], 'metrics', 'TCP'), []);
});

test('one rule per service port; headless and ExternalName services have none; node ports kept', () => {
  const rules = serviceRules(
    [
      svc('web', { type: 'NodePort', clusterIP: '10.96.0.20', ports: [{ name: 'http', port: 80, protocol: 'TCP', nodePort: 30080 }] }),
      svc('headless', { clusterIP: 'None', ports: [{ name: 'http', port: 80 }] }),
      svc('ext', { type: 'ExternalName', externalName: 'example.com' }),
      svc('kube-dns', { clusterIP: '10.96.0.10', ports: [{ name: 'dns', port: 53, protocol: 'UDP' }, { name: 'dns-tcp', port: 53, protocol: 'TCP' }] }, 'kube-system'),
    ],
    [slice('web', [ep('10.244.0.2', { ready: true })]), slice('web', [ep('10.244.0.2', { ready: true })], 'web-dup')],
    { overrides: [{ namespace: 'kube-system', name: 'kube-dns', protocol: 'UDP', port: 53, target: { ip: '10.244.0.1', port: 40053 } }, { namespace: 'kube-system', name: 'kube-dns', protocol: 'TCP', port: 53, target: { ip: '10.244.0.1', port: 40053 } }] },
  );
  assert.deepEqual(
    rules.map((r) => [r.key, r.clusterIP, r.port, r.nodePort, r.endpoints.map((e) => `${e.ip}:${e.port}`)]),
    [
      ['default/web:http/tcp', '10.96.0.20', 80, 30080, ['10.244.0.2:8080']],
      ['kube-system/kube-dns:dns-tcp/tcp', '10.96.0.10', 53, undefined, ['10.244.0.1:40053']],
      ['kube-system/kube-dns:dns/udp', '10.96.0.10', 53, undefined, ['10.244.0.1:40053']],
    ],
  );
});

const prefix = chainPrefix('node-a/cluster-1');

test('the chain prefix is ours and short enough for iptables (28 characters with the suffixes)', () => {
  assert.match(prefix, /^TMN[0-9A-F]{8}$/);
  assert.notEqual(prefix, chainPrefix('node-a/cluster-2'));
  const text = natRules({ prefix, podIPs: [], podCIDR: '10.244.0.0/16', existing: [], rules: [{ key: 'default/web:http/tcp', protocol: 'tcp', clusterIP: '10.96.0.20', port: 80, endpoints: [{ ip: '10.244.0.2', port: 8080 }] }] });
  for (const line of text.split('\n').filter((l) => l.startsWith(':'))) assert.ok(line.split(' ')[0].length - 1 <= 28, line);
});

test('ClusterIP and NodePort rules: random choice over endpoints, DNAT, hairpin and masquerade marks', () => {
  const text = natRules({
    prefix,
    podIPs: ['10.244.0.9', '10.244.0.2'],
    podCIDR: '10.244.0.0/16',
    existing: [],
    rules: [
      { key: 'default/web:http/tcp', protocol: 'tcp', clusterIP: '10.96.0.20', port: 80, nodePort: 30080, endpoints: [{ ip: '10.244.0.2', port: 8080 }, { ip: '10.244.0.3', port: 8080 }, { ip: '10.244.0.4', port: 8080 }] },
      { key: 'default/empty:/tcp', protocol: 'tcp', clusterIP: '10.96.0.21', port: 80, endpoints: [] },
    ],
  });
  const lines = text.split('\n');
  assert.equal(lines[0], '*nat');
  assert.equal(lines.at(-2), 'COMMIT');
  // only our pods enter the service chain from PREROUTING
  assert.ok(lines.includes(`-A ${prefix} -s 10.244.0.2/32 -j ${prefix}-SVCS`));
  assert.ok(lines.includes(`-A ${prefix} -s 10.244.0.9/32 -j ${prefix}-SVCS`));
  assert.ok(lines.includes(`-A ${prefix} -m addrtype --dst-type LOCAL -j ${prefix}-NP`));
  const svcJump = lines.find((l) => l.startsWith(`-A ${prefix}-SVCS`) && l.includes('-d 10.96.0.20/32 --dport 80 -j'));
  const svcChain = svcJump!.split(' -j ')[1];
  assert.match(svcChain, new RegExp(`^${prefix}-S[0-9A-F]{12}$`));
  assert.ok(lines.some((l) => l.includes('-d 10.96.0.20/32 --dport 80 ! -s 10.244.0.0/16 -j ' + `${prefix}-MARK`)));
  assert.ok(lines.some((l) => l.startsWith(`-A ${prefix}-NP`) && l.includes(`--dport 30080 -j ${svcChain}`)));
  // 1/3, 1/2, then the last one always
  const choices = lines.filter((l) => l.startsWith(`-A ${svcChain} `));
  assert.equal(choices.length, 3);
  assert.match(choices[0], /--probability 0\.3333333333/);
  assert.match(choices[1], /--probability 0\.5000000000/);
  assert.doesNotMatch(choices[2], /statistic/);
  const ep2 = choices[0].split(' -j ')[1];
  assert.ok(lines.includes(`-A ${ep2} -m comment --comment "default/web:http/tcp" -s 10.244.0.2/32 -j ${prefix}-MARK`));
  assert.ok(lines.includes(`-A ${ep2} -m comment --comment "default/web:http/tcp" -p tcp -m tcp -j DNAT --to-destination 10.244.0.2:8080`));
  // no endpoints: no rule (the packet goes on unchanged)
  assert.ok(!text.includes('10.96.0.21'));
  assert.ok(lines.includes(`-A ${prefix}-POST -j MASQUERADE`));
});

test('chains of ours no longer needed are emptied and deleted; other agents\' chains are not touched', () => {
  const save = `*nat\n:PREROUTING ACCEPT [0:0]\n:${prefix} - [0:0]\n:${prefix}-SAAAAAAAAAAAA - [0:0]\n:TMN00000000-SVCS - [0:0]\n:KUBE-SERVICES - [0:0]\nCOMMIT\n`;
  const existing = ourChains(save, prefix);
  assert.deepEqual(existing, [prefix, `${prefix}-SAAAAAAAAAAAA`]);
  const text = natRules({ prefix, podIPs: [], podCIDR: '10.244.0.0/16', existing, rules: [] });
  assert.ok(text.includes(`:${prefix}-SAAAAAAAAAAAA - [0:0]\n`));
  assert.ok(text.includes(`-X ${prefix}-SAAAAAAAAAAAA\n`));
  assert.ok(!text.includes('TMN00000000'));
  assert.ok(!text.includes(`-X ${prefix}\n`));
});
