/**
 * A PersistentVolumeClaim on a real node (containerd): a pod writes a file to a claim of the
 * default class (provisioned on the node by the agent's local-path provisioner), is deleted, and a
 * new pod with the same claim reads the file back. Deleting the claim deletes the volume (reclaim
 * Delete).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Pod } from '../../lib/api/core/pod.ts';
import type { PersistentVolume, PersistentVolumeClaim } from '../../lib/api/core/persistentvolume.ts';
import { e2eSkip, getJson, kubectlOk, until, useNodeCluster } from './agent-support.ts';

const skip = await e2eSkip();

describe('persistent volume claims on a real node', { skip }, () => {
  if (skip) return;
  const env = useNodeCluster('storage');
  const CLAIM = '/api/v1/namespaces/default/persistentvolumeclaims/store';
  const MESSAGE = `kept-${Math.random().toString(36).slice(2, 8)}`;
  const pod = (name: string, script: string, restartPolicy: string) =>
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name },
      spec: {
        restartPolicy,
        terminationGracePeriodSeconds: 1,
        containers: [{ name: 'c', image: 'localhost/busybox:1', command: ['sh', '-c', script], volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
        volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'store' } }],
      },
    });

  test('a file written by one pod is read by the next pod of the same claim', { timeout: 240_000 }, async () => {
    await kubectlOk(env.cluster, ['apply', '-f', '-'], { input: 'apiVersion: v1\nkind: PersistentVolumeClaim\nmetadata: {name: store}\nspec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 64Mi}}}\n' });
    await kubectlOk(env.cluster, ['apply', '-f', '-'], { input: pod('writer', `echo ${MESSAGE} > /data/msg && exec sleep 3600`, 'Always') });
    const claim = await until('the claim bound', async () => {
      const c = await getJson<PersistentVolumeClaim>(env.cluster, CLAIM);
      return c?.status?.phase === 'Bound' && c;
    }, 120_000);
    const pv = (await getJson<PersistentVolume>(env.cluster, `/api/v1/persistentvolumes/${claim.spec?.volumeName}`))!;
    assert.deepEqual(pv.spec?.nodeAffinity?.required?.nodeSelectorTerms?.[0].matchExpressions?.[0].values, [env.nodeName]);
    await until('writer running', async () => (await getJson<Pod>(env.cluster, '/api/v1/namespaces/default/pods/writer'))?.status?.phase === 'Running', 120_000);
    const onNode = await until('the file on the node', async () => (await readFile(join(pv.spec!.local!.path, 'msg'), 'utf8').catch(() => '')).trim(), 30_000);
    assert.equal(onNode, MESSAGE);

    await kubectlOk(env.cluster, ['delete', 'pod', 'writer', '--wait=true'], { timeoutMs: 90_000 });
    await kubectlOk(env.cluster, ['apply', '-f', '-'], { input: pod('reader', 'cat /data/msg', 'Never') });
    await until('reader done', async () => (await getJson<Pod>(env.cluster, '/api/v1/namespaces/default/pods/reader'))?.status?.phase === 'Succeeded', 120_000);
    assert.equal((await kubectlOk(env.cluster, ['logs', 'reader'])).trim(), MESSAGE);

    await kubectlOk(env.cluster, ['delete', 'pod', 'reader', '--wait=true'], { timeoutMs: 90_000 });
    await kubectlOk(env.cluster, ['delete', 'pvc', 'store']);
    await until('the volume deleted', async () => !(await getJson<PersistentVolume>(env.cluster, `/api/v1/persistentvolumes/${pv.metadata.name}`)), 60_000);
  });
});
