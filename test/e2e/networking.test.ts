/**
 * Services on a real node: a client pod reaches an httpd pod behind a Service by name
 * (`web`, `web.<ns>`, `web.<ns>.svc.cluster.local`, with busybox's nc and nslookup) through the agent's cluster DNS and service
 * rules, a pod that is not Ready gets no traffic, the NodePort answers from the host, and the
 * cluster has its kube-dns Service.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Node } from '../../lib/api/core/node.ts';
import type { Service } from '../../lib/api/core/service.ts';
import type { EndpointSlice } from '../../lib/api/discovery.ts';
import type { KubeObject } from '../../lib/api/meta.ts';
import { e2eSkip, getJson, HTTPD_COMMAND, httpGet, kubectlOk, until, useNodeCluster } from './agent-support.ts';

const skip = (await e2eSkip()) || (process.env.TIMONIER_E2E_NO_NETWORK ? 'TIMONIER_E2E_NO_NETWORK is set' : false);
const NS = 'default';

const server = (name: string, ready: boolean) => `
apiVersion: v1
kind: Pod
metadata: { name: ${name}, labels: { app: net-web } }
spec:
  terminationGracePeriodSeconds: 1
  containers:
    - name: httpd
      image: localhost/busybox:1
      command: ${JSON.stringify(HTTPD_COMMAND)}
      ports: [{ name: http, containerPort: 8080 }]
      readinessProbe:
        ${ready ? 'tcpSocket: { port: 8080 }' : 'exec: { command: ["false"] }'}
        periodSeconds: 1
`;

describe('Services and cluster DNS on a real node', { skip }, () => {
  if (skip) return;
  const env = useNodeCluster('net');
  // an HTTP GET with nc: this busybox-static's wget crashes (segfault) in these pods
  const get = (host: string) => `printf 'GET / HTTP/1.0\\r\\n\\r\\n' | nc -w 3 ${host} 80`;
  const exec = (cmd: string) => kubectlOk(env.cluster, ['exec', 'client', '--', 'sh', '-c', cmd], { timeoutMs: 30_000 });

  test('by name, by ClusterIP, by NodePort; not-Ready pods get nothing', { timeout: 240_000 }, async () => {
    await kubectlOk(env.cluster, ['apply', '-f', '-'], {
      input: [
        server('srv-ready', true),
        server('srv-unready', false),
        `
apiVersion: v1
kind: Service
metadata: { name: web }
spec:
  type: NodePort
  selector: { app: net-web }
  ports: [{ name: http, port: 80, targetPort: http }]
---
apiVersion: v1
kind: Pod
metadata: { name: client }
spec:
  terminationGracePeriodSeconds: 1
  containers: [{ name: c, image: localhost/busybox:1, command: [sleep, '3600'] }]
`,
      ].join('\n---\n'),
    });
    const svc = await until('the web Service', () => getJson<Service>(env.cluster, `/api/v1/namespaces/${NS}/services/web`));
    await until(
      'an EndpointSlice with srv-ready ready and srv-unready not',
      async () => {
        const list = await getJson<KubeObject & { items: EndpointSlice[] }>(env.cluster, `/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices?labelSelector=kubernetes.io/service-name=web`);
        const eps = list?.items.flatMap((s) => s.endpoints ?? []) ?? [];
        return eps.length === 2 && eps.filter((e) => e.conditions?.ready).length === 1;
      },
      120_000,
      500,
    );
    await until('the client running', async () => (await exec('true')) === '', 60_000, 1000);

    const resolv = await exec('cat /etc/resolv.conf');
    assert.match(resolv, /^nameserver 10\.96\.0\.10$/m);
    assert.match(resolv, /^search default\.svc\.cluster\.local svc\.cluster\.local cluster\.local\b/m);
    assert.match(resolv, /ndots:5/);

    // the rules follow the slices within a moment: retry the first request
    for (const name of ['web', 'web.default', 'web.default.svc.cluster.local', svc.spec!.clusterIP!]) {
      const body = await until(`GET http://${name}/`, () => exec(get(name)).catch(() => ''), 30_000, 1000);
      assert.equal(body.trim().split('\n').at(-1), 'hello from srv-ready', name);
    }
    // a dozen more: never the pod that is not Ready
    const bodies = await exec(`for i in 1 2 3 4 5 6 7 8 9 10 11 12; do ${get('web')} | tail -n 1; done`);
    assert.deepEqual([...new Set(bodies.trim().split('\n'))], ['hello from srv-ready']);

    const lookup = await exec('nslookup web.default.svc.cluster.local 10.96.0.10');
    assert.ok(lookup.includes(svc.spec!.clusterIP!), lookup);
    const missing = await exec('nslookup nope.default.svc.cluster.local 10.96.0.10 2>&1; true');
    assert.match(missing, /NXDOMAIN|can't find/);

    // the NodePort, from the host, on the node's address
    const node = await getJson<Node>(env.cluster, `/api/v1/nodes/${env.nodeName}`);
    const nodeIP = node!.status!.addresses!.find((a) => a.type === 'InternalIP')!.address;
    const nodePort = svc.spec!.ports![0].nodePort!;
    const res = await until(`GET http://${nodeIP}:${nodePort}/`, () => httpGet(nodeIP, nodePort).catch(() => undefined), 30_000, 1000);
    assert.equal(res.body.trim(), 'hello from srv-ready');

    const dnsSvc = await kubectlOk(env.cluster, ['get', 'svc', '-n', 'kube-system', 'kube-dns']);
    assert.match(dnsSvc, /kube-dns\s+ClusterIP\s+10\.96\.0\.10\s+<none>\s+53\/UDP,53\/TCP,9153\/TCP/);
  });
});
