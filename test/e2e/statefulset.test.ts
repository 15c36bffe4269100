/**
 * A StatefulSet on a real node (containerd), as the course's chapter shows it: `web-0..2` created
 * in order behind a headless Service, each with its own claim provisioned on the node, each
 * reachable by its stable name `web-N.web.<ns>.svc.cluster.local` through the cluster DNS, and a
 * pod deleted comes back under its name with its data.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Pod } from '../../lib/api/core/pod.ts';
import type { PersistentVolumeClaim } from '../../lib/api/core/persistentvolume.ts';
import type { KubeObject } from '../../lib/api/meta.ts';
import { e2eSkip, getJson, HTTPD_COMMAND, kubectlOk, until, useNodeCluster } from './agent-support.ts';

const skip = (await e2eSkip()) || (process.env.TIMONIER_E2E_NO_NETWORK ? 'TIMONIER_E2E_NO_NETWORK is set' : false);

const manifest = `
apiVersion: v1
kind: Service
metadata: { name: web }
spec: { clusterIP: None, selector: { app: web }, ports: [{ port: 8080 }] }
---
apiVersion: apps/v1
kind: StatefulSet
metadata: { name: web }
spec:
  serviceName: web
  replicas: 3
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec:
      terminationGracePeriodSeconds: 1
      containers:
        - name: web
          image: localhost/busybox:1
          command: ${JSON.stringify(['sh', '-c', `[ -f /data/born ] || hostname > /data/born; ${HTTPD_COMMAND[2]}`])}
          readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 1 }
          volumeMounts: [{ name: data, mountPath: /data }]
  volumeClaimTemplates:
    - metadata: { name: data }
      spec: { accessModes: [ReadWriteOnce], resources: { requests: { storage: 1Mi } } }
---
apiVersion: v1
kind: Pod
metadata: { name: client }
spec:
  terminationGracePeriodSeconds: 1
  containers: [{ name: c, image: localhost/busybox:1, command: [sleep, '3600'] }]
`;

describe('a StatefulSet on a real node', { skip }, () => {
  if (skip) return;
  const env = useNodeCluster('sts');
  const pods = async () => ((await getJson<KubeObject>(env.cluster, '/api/v1/namespaces/default/pods?labelSelector=app%3Dweb')) as unknown as { items: Pod[] } | undefined)?.items ?? [];
  const ready = (p: Pod) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;

  test('pods in order, a claim each, stable names in DNS, data kept across a deletion', { timeout: 240_000 }, async () => {
    await kubectlOk(env.cluster, ['apply', '-f', '-'], { input: manifest });
    // OrderedReady: web-N never exists while web-(N-1) is not Ready
    const outOfOrder: string[] = [];
    await until('web-0..2 Ready', async () => {
      const all = await pods();
      const byName = new Map(all.map((p) => [p.metadata.name!, p]));
      for (let n = 1; n < 3; n++) if (byName.has(`web-${n}`) && !(byName.has(`web-${n - 1}`) && ready(byName.get(`web-${n - 1}`)!))) outOfOrder.push(`web-${n}`);
      return all.length === 3 && all.every(ready);
    }, 150_000, 250);
    assert.deepEqual(outOfOrder, [], 'a pod existed while its predecessor was not Ready');
    for (let n = 0; n < 3; n++) {
      const claim = await getJson<PersistentVolumeClaim>(env.cluster, `/api/v1/namespaces/default/persistentvolumeclaims/data-web-${n}`);
      assert.equal(claim?.status?.phase, 'Bound', `data-web-${n}`);
    }

    const exec = (pod: string, cmd: string) => kubectlOk(env.cluster, ['exec', pod, '--', 'sh', '-c', cmd], { timeoutMs: 30_000 });
    await until('the client running', async () => (await exec('client', 'true').catch(() => 'no')) === '', 60_000, 1000);
    const web1 = (await pods()).find((p) => p.metadata.name === 'web-1')!;
    const lookup = await until('web-1 in DNS', async () => {
      const out = await exec('client', 'nslookup web-1.web.default.svc.cluster.local 10.96.0.10').catch(() => '');
      return out.includes(web1.status!.podIP!) && out;
    }, 30_000, 1000);
    assert.match(lookup, new RegExp(web1.status!.podIP!.replace(/\./g, '\\.')));

    const born = (await exec('web-1', 'cat /data/born')).trim();
    assert.equal(born, 'web-1', 'the pod is named by its ordinal');
    await kubectlOk(env.cluster, ['exec', 'web-1', '--', 'sh', '-c', 'echo kept > /data/note']);
    const oldUid = web1.metadata.uid;
    await kubectlOk(env.cluster, ['delete', 'pod', 'web-1', '--wait=true'], { timeoutMs: 90_000 });
    await until('web-1 back and Ready', async () => {
      const p = (await pods()).find((x) => x.metadata.name === 'web-1');
      return p && p.metadata.uid !== oldUid && ready(p);
    }, 120_000, 250);
    assert.equal((await exec('web-1', 'cat /data/note')).trim(), 'kept', 'the same claim, the same data');

    await kubectlOk(env.cluster, ['delete', 'statefulset', 'web', '--wait=true'], { timeoutMs: 90_000 });
    await kubectlOk(env.cluster, ['delete', 'pod', 'client', '--wait=false']);
    await until('the pods gone', async () => (await pods()).length === 0, 90_000);
    const claims = (await getJson<KubeObject>(env.cluster, '/api/v1/namespaces/default/persistentvolumeclaims')) as unknown as { items: KubeObject[] } | undefined;
    assert.equal(claims?.items.length, 3, 'the claims stay (retention policy Retain)');
  });
});
