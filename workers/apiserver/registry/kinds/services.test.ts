import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Service } from '../../../../lib/api/core/service.ts';
import services from './services.ts';

const svc = (spec: Service['spec'], status?: Service['status']): Service => ({
  metadata: { name: 'web', namespace: 'd', creationTimestamp: '2025-01-01T11:55:00Z' },
  spec,
  ...(status ? { status } : {}),
});
const texts = (s: Service) => services.validate!(s).map((e) => `${e.field}: ${e.body}`);

test('SetDefaults_Service', () => {
  const s = svc({ ports: [{ port: 80 }, { port: 53, protocol: 'UDP', targetPort: 'dns' }] });
  services.defaults!(s);
  assert.deepEqual(s.spec, {
    ports: [
      { port: 80, protocol: 'TCP', targetPort: 80 },
      { port: 53, protocol: 'UDP', targetPort: 'dns' },
    ],
    sessionAffinity: 'None',
    type: 'ClusterIP',
    internalTrafficPolicy: 'Cluster',
  });
  const lb = svc({ type: 'LoadBalancer', sessionAffinity: 'ClientIP', ports: [{ port: 443 }] });
  services.defaults!(lb);
  assert.equal(lb.spec?.externalTrafficPolicy, 'Cluster');
  assert.equal(lb.spec?.allocateLoadBalancerNodePorts, true);
  assert.deepEqual(lb.spec?.sessionAffinityConfig, { clientIP: { timeoutSeconds: 10800 } });
  const ext = svc({ type: 'ExternalName', externalName: 'example.com' });
  services.defaults!(ext);
  assert.equal(ext.spec?.internalTrafficPolicy, undefined);
});

test('create: status is reset to an empty load balancer', () => {
  const s = svc({}, { loadBalancer: { ingress: [{ ip: '1.2.3.4' }] } });
  services.prepareForCreate!(s);
  assert.deepEqual(s.status, { loadBalancer: {} });
});

test('ports: required, range, protocol, names, duplicates', () => {
  assert.deepEqual(texts(svc({ type: 'ClusterIP', sessionAffinity: 'None' })), ['spec.ports: Required value']);
  assert.deepEqual(texts(svc({ type: 'ClusterIP', sessionAffinity: 'None', clusterIP: 'None' })), []);
  assert.deepEqual(
    texts(
      svc({
        type: 'ClusterIP',
        sessionAffinity: 'None',
        ports: [
          { name: 'a', port: 0, protocol: 'TCP', targetPort: 80 },
          { port: 80, protocol: 'ICMP' as 'TCP', targetPort: 80 },
          { name: 'a', port: 80, protocol: 'TCP', targetPort: 'Bad_Name' },
          { name: 'c', port: 80, protocol: 'TCP', targetPort: 80, nodePort: 30001 },
        ],
      }),
    ),
    [
      'spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive',
      'spec.ports[1].name: Required value',
      'spec.ports[1].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP"',
      'spec.ports[2].name: Duplicate value: "a"',
      'spec.ports[2].targetPort: Invalid value: "Bad_Name": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)',
      "spec.ports[3].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'",
      'spec.ports[3]: Duplicate value: core.ServicePort{Name:"", Protocol:"TCP", AppProtocol:(*string)(nil), Port:80, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}',
    ],
  );
});

test('type and affinity are supported values', () => {
  assert.deepEqual(texts(svc({ type: 'Weird' as 'ClusterIP', sessionAffinity: 'None', ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }] })), [
    'spec.type: Unsupported value: "Weird": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"',
  ]);
  assert.deepEqual(texts(svc({ type: 'ExternalName', sessionAffinity: 'None' })), ['spec.externalName: Required value']);
});

test('table cells: type, cluster IP, external IP rules, ports, selector', () => {
  const now = Date.parse('2025-01-01T12:00:00Z');
  const s = svc({ type: 'NodePort', clusterIPs: ['10.96.0.10'], ports: [{ port: 80, nodePort: 30080, protocol: 'TCP' }, { port: 53, protocol: 'UDP' }], selector: { b: '2', a: '1' } });
  assert.deepEqual(services.table!.cells(s, now), ['web', 'NodePort', '10.96.0.10', '<none>', '80:30080/TCP,53/UDP', '5m', 'a=1,b=2']);
  const lb = svc({ type: 'LoadBalancer', clusterIPs: ['10.0.0.1'], externalIPs: ['9.9.9.9'] }, { loadBalancer: { ingress: [{ ip: '5.5.5.5' }, { hostname: 'lb.example' }, { ip: '1.1.1.1' }] } });
  assert.equal(services.table!.cells(lb, now)[3], '1.1.1.1,5.5.5.5,lb.example,9.9.9.9');
  assert.equal(services.table!.cells(svc({ type: 'LoadBalancer' }), now)[3], '<pending>');
  assert.equal(services.table!.cells(svc({ type: 'ExternalName', externalName: 'x.io' }), now)[3], 'x.io');
  const headless = services.table!.cells(svc({ type: 'ClusterIP', clusterIP: 'None', clusterIPs: ['None'] }), now);
  assert.deepEqual([headless[2], headless[4], headless[6]], ['None', '<none>', '<none>']);
  assert.equal(services.table!.columns.at(-1)?.priority, 1);
});
