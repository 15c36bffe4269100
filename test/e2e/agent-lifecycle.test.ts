/**
 * The pod lifecycle on a real node, as the pods lesson shows it: CrashLoopBackOff with growing
 * delays and `logs --previous`; a failing readiness probe takes the pod out of the
 * EndpointSlice; a failing liveness probe restarts the container; init containers run first and
 * a native sidecar outlives the app; `kubectl delete pod` runs preStop before SIGTERM.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { Pod } from '../../lib/api/core/pod.ts';
import type { KubeObject } from '../../lib/api/meta.ts';
import { e2eSkip, getJson, isReady, kubectlOk, until, useNodeCluster } from './agent-support.ts';

const skip = await e2eSkip();
const NS = 'default';

interface Slice extends KubeObject {
  endpoints?: { addresses: string[]; conditions?: { ready?: boolean } }[];
}
interface EventObj extends KubeObject {
  reason: string;
  message: string;
  involvedObject: { uid?: string };
}

describe('pod lifecycle on a real node', { skip }, () => {
  if (skip) return;
  const env = useNodeCluster('life');
  const pod = (name: string) => getJson<Pod>(env.cluster, `/api/v1/namespaces/${NS}/pods/${name}`);
  const events = async (uid: string) => (await getJson<KubeObject & { items: EventObj[] }>(env.cluster, `/api/v1/namespaces/${NS}/events`))!.items.filter((e) => e.involvedObject.uid === uid);
  /** the pod's event that `matches`: the kubelet writes its events beside the pod's status, not before it */
  const event = (uid: string, what: string, matches: (e: EventObj) => boolean) => until(what, async () => (await events(uid)).find(matches), 10_000);
  const apply = (yaml: string) => kubectlOk(env.cluster, ['apply', '-f', '-'], { input: yaml });

  test('a crashing container: CrashLoopBackOff, growing delays, the exit as lastState, logs --previous', { timeout: 120_000 }, async () => {
    await apply(`
apiVersion: v1
kind: Pod
metadata: { name: crash }
spec:
  terminationGracePeriodSeconds: 1
  containers:
    - name: app
      image: localhost/busybox:1
      command: [sh, -c, 'echo "crash number $(date +%s)"; exit 1']
`);
    // restart times, seen as the restart count goes up
    const seen = new Map<number, number>();
    let backoff: Pod | undefined;
    await until(
      'three restarts',
      async () => {
        const p = await pod('crash');
        const count = p?.status?.containerStatuses?.[0]?.restartCount ?? 0;
        if (!seen.has(count)) seen.set(count, Date.now());
        if (p?.status?.containerStatuses?.[0]?.state?.waiting?.reason === 'CrashLoopBackOff') backoff = p;
        return count >= 3;
      },
      100_000,
      100,
    );
    const gap = (n: number) => seen.get(n)! - seen.get(n - 1)!;
    console.log(`# restart gaps: ${gap(2)} ms, ${gap(3)} ms`);
    assert.ok(gap(2) >= 8_000 && gap(2) < 16_000, `second restart after ~10 s, not ${gap(2)} ms`);
    assert.ok(gap(3) >= 18_000 && gap(3) < 26_000, `third restart after ~20 s, not ${gap(3)} ms`);
    assert.ok(backoff, 'the container was seen waiting in CrashLoopBackOff');
    const cs = backoff.status!.containerStatuses![0];
    assert.match(cs.state?.waiting?.message ?? '', /^back-off \d+s restarting failed container=app pod=crash_default\(/);
    assert.equal(cs.lastState?.terminated?.exitCode, 1);
    assert.equal(cs.lastState?.terminated?.reason, 'Error');
    const table = await kubectlOk(env.cluster, ['get', 'pod', 'crash']);
    // RESTARTS as kubectl prints it; STATUS depends on the instant (Running, Error, CrashLoopBackOff)
    assert.match(table, /crash\s+[01]\/1\s+(CrashLoopBackOff|Error|Running)\s+[3-9]( \(\d+s ago\))?\s/);
    const previous = await kubectlOk(env.cluster, ['logs', 'crash', '--previous']);
    assert.match(previous, /^crash number \d+\n$/);
    await event(backoff.metadata.uid!, 'a BackOff event', (e) => e.reason === 'BackOff');
    await kubectlOk(env.cluster, ['delete', 'pod', 'crash', '--wait=true']);
  });

  test('a failing readiness probe takes the pod out of the EndpointSlice, and back in when it passes', { timeout: 90_000 }, async () => {
    await apply(`
apiVersion: v1
kind: Pod
metadata: { name: flip, labels: { app: flip } }
spec:
  terminationGracePeriodSeconds: 1
  containers:
    - name: app
      image: localhost/busybox:1
      command: [sh, -c, 'touch /tmp/ready; trap "exit 0" TERM; while true; do sleep 1; done']
      readinessProbe: { exec: { command: [test, -f, /tmp/ready] }, periodSeconds: 1, failureThreshold: 1 }
---
apiVersion: v1
kind: Service
metadata: { name: flip }
spec:
  selector: { app: flip }
  ports: [{ port: 80, targetPort: 8080 }]
`);
    const p = await until('flip ready', async () => {
      const x = await pod('flip');
      return x && isReady(x) && x;
    });
    const ip = p.status!.podIP!;
    const readyInSlice = async () => {
      const list = await getJson<KubeObject & { items: Slice[] }>(env.cluster, `/apis/discovery.k8s.io/v1/namespaces/${NS}/endpointslices?labelSelector=kubernetes.io%2Fservice-name%3Dflip`);
      return (list?.items ?? []).flatMap((s) => s.endpoints ?? []).some((e) => e.addresses.includes(ip) && e.conditions?.ready);
    };
    await until('in the slice', readyInSlice);
    await kubectlOk(env.cluster, ['exec', 'flip', '--', 'rm', '/tmp/ready']);
    await until('out of the slice', async () => !(await readyInSlice()), 30_000);
    const notReady = await pod('flip');
    assert.equal(notReady?.status?.conditions?.find((c) => c.type === 'Ready')?.status, 'False');
    assert.equal(notReady?.status?.phase, 'Running');
    await event(p.metadata.uid!, 'the Unhealthy event', (e) => e.reason === 'Unhealthy' && e.message.startsWith('Readiness probe failed'));
    await kubectlOk(env.cluster, ['exec', 'flip', '--', 'touch', '/tmp/ready']);
    await until('back in the slice', readyInSlice, 30_000);
    await kubectlOk(env.cluster, ['delete', 'pod', 'flip', '--wait=true']);
    await kubectlOk(env.cluster, ['delete', 'service', 'flip']);
  });

  test('a failing liveness probe restarts the container', { timeout: 90_000 }, async () => {
    await apply(`
apiVersion: v1
kind: Pod
metadata: { name: alive }
spec:
  terminationGracePeriodSeconds: 2
  containers:
    - name: app
      image: localhost/busybox:1
      command: [sh, -c, 'touch /tmp/alive; trap "exit 0" TERM; while true; do sleep 1; done']
      livenessProbe: { exec: { command: [test, -f, /tmp/alive] }, periodSeconds: 1, failureThreshold: 2 }
`);
    const p = await until('alive running', async () => {
      const x = await pod('alive');
      return x?.status?.containerStatuses?.[0]?.started && x;
    });
    assert.equal(p.status?.containerStatuses?.[0].restartCount, 0);
    await kubectlOk(env.cluster, ['exec', 'alive', '--', 'rm', '/tmp/alive']);
    const restarted = await until('restarted', async () => {
      const x = await pod('alive');
      return (x?.status?.containerStatuses?.[0]?.restartCount ?? 0) >= 1 && x;
    });
    assert.equal(restarted.status?.containerStatuses?.[0].lastState?.terminated?.exitCode, 0);
    await event(p.metadata.uid!, 'the Unhealthy event', (e) => e.reason === 'Unhealthy' && e.message.startsWith('Liveness probe failed'));
    await event(p.metadata.uid!, 'the Killing event', (e) => e.reason === 'Killing' && e.message === 'Container app failed liveness probe, will be restarted');
    // the new instance made its file again: it stays up
    await new Promise((r) => setTimeout(r, 4000));
    assert.equal((await pod('alive'))?.status?.containerStatuses?.[0].restartCount, 1);
    await kubectlOk(env.cluster, ['delete', 'pod', 'alive', '--wait=true']);
  });

  test('init containers run first, in order; a native sidecar starts before the app and stops after it', { timeout: 90_000 }, async () => {
    await apply(`
apiVersion: v1
kind: Pod
metadata: { name: init-side }
spec:
  terminationGracePeriodSeconds: 5
  volumes: [{ name: work, emptyDir: {} }]
  initContainers:
    - name: first
      image: localhost/busybox:1
      command: [sh, -c, 'echo first >> /work/order']
      volumeMounts: [{ name: work, mountPath: /work }]
    - name: side
      image: localhost/busybox:1
      restartPolicy: Always
      command: [sh, -c, 'echo side >> /work/order; trap "sleep 1; exit 0" TERM; while true; do sleep 1; done']
      volumeMounts: [{ name: work, mountPath: /work }]
    - name: second
      image: localhost/busybox:1
      command: [sh, -c, 'echo second >> /work/order']
      volumeMounts: [{ name: work, mountPath: /work }]
  containers:
    - name: app
      image: localhost/busybox:1
      command: [sh, -c, 'echo app >> /work/order; cat /work/order; trap "exit 0" TERM; while true; do sleep 1; done']
      volumeMounts: [{ name: work, mountPath: /work }]
`);
    const p = await until('init-side ready', async () => {
      const x = await pod('init-side');
      return x && isReady(x) && x;
    });
    assert.equal(await kubectlOk(env.cluster, ['logs', 'init-side', '-c', 'app']), 'first\nside\nsecond\napp\n');
    const inits = p.status!.initContainerStatuses!;
    assert.deepEqual(inits.map((s) => s.name), ['first', 'side', 'second']);
    assert.equal(inits[0].state?.terminated?.reason, 'Completed');
    assert.ok(inits[1].state?.running, 'the sidecar keeps running');
    assert.equal(inits[2].state?.terminated?.exitCode, 0);
    assert.equal(p.status?.conditions?.find((c) => c.type === 'Initialized')?.status, 'True');

    // on deletion the app stops first, then the sidecar: the final status says so
    const watch = await env.cluster.watch(`/api/v1/namespaces/${NS}/pods?watch=true&fieldSelector=metadata.name%3Dinit-side&resourceVersion=${p.metadata.resourceVersion}`);
    try {
      await kubectlOk(env.cluster, ['delete', 'pod', 'init-side', '--wait=true'], { timeoutMs: 30_000 });
      await until('deleted', async () => watch.events.some((e) => e.type === 'DELETED'), 10_000);
      const final = [...watch.events].reverse().find((e) => e.type === 'MODIFIED' && e.object.status?.containerStatuses?.[0]?.state?.terminated)?.object as Pod;
      assert.ok(final, 'a final status with the app terminated');
      const appDone = Date.parse(final.status!.containerStatuses![0].state!.terminated!.finishedAt!);
      const side = final.status!.initContainerStatuses!.find((s) => s.name === 'side')!;
      const sideDone = Date.parse(side.state?.terminated?.finishedAt ?? '');
      assert.ok(sideDone >= appDone, `sidecar finished (${side.state?.terminated?.finishedAt}) after the app (${final.status!.containerStatuses![0].state!.terminated!.finishedAt})`);
    } finally {
      watch.close();
    }
  });

  test('kubectl delete pod runs preStop before SIGTERM and returns once the pod is gone', { timeout: 90_000 }, async () => {
    await apply(`
apiVersion: v1
kind: Pod
metadata: { name: graceful }
spec:
  terminationGracePeriodSeconds: 20
  containers:
    - name: app
      image: localhost/busybox:1
      command: [sh, -c, 'echo started; trap "echo got-term; exit 0" TERM; while true; do sleep 1; done']
      lifecycle:
        preStop:
          exec: { command: [sh, -c, 'echo prestop-ran > /proc/1/fd/1; sleep 2'] }
`);
    const p = await until('graceful running', async () => {
      const x = await pod('graceful');
      return x && isReady(x) && x;
    });
    // follow the logs through the tunnel while the pod is deleted
    const follow = spawn('kubectl', ['logs', '-f', 'graceful'], { env: { ...process.env, KUBECONFIG: env.cluster.cp.kubeconfigPath, HOME: env.cluster.dir } });
    let logs = '';
    follow.stdout.on('data', (c: Buffer) => (logs += c.toString()));
    const followed = new Promise((r) => follow.on('close', r));
    await until('following', async () => logs.includes('started'), 15_000);

    const t0 = Date.now();
    await kubectlOk(env.cluster, ['delete', 'pod', 'graceful', '--wait=true'], { timeoutMs: 40_000 });
    const took = Date.now() - t0;
    console.log(`# kubectl delete pod with a 2 s preStop took ${took} ms`);
    assert.ok(took >= 2000, `delete waited for the preStop hook (${took} ms)`);
    assert.ok(took < 15_000, `delete did not wait out the grace period (${took} ms)`);
    await Promise.race([followed, new Promise((r) => setTimeout(r, 10_000))]);
    follow.kill();
    assert.match(logs, /started\nprestop-ran\ngot-term\n/);
    await event(p.metadata.uid!, 'the Killing event', (e) => e.reason === 'Killing' && e.message === 'Stopping container app');
  });

  test('a restarted agent picks its running pods up again without restarting them', { timeout: 60_000 }, async () => {
    await apply(`
apiVersion: v1
kind: Pod
metadata: { name: survivor }
spec:
  terminationGracePeriodSeconds: 1
  containers:
    - name: app
      image: localhost/busybox:1
      command: [sh, -c, 'echo up; trap "exit 0" TERM; while true; do sleep 1; done']
`);
    const before = await until('survivor ready', async () => {
      const x = await pod('survivor');
      return x && isReady(x) && x;
    });
    await env.restartRealAgent();
    // the new agent syncs the pod: same container, same IP, still ready, no restart
    await new Promise((r) => setTimeout(r, 3000));
    const after = await pod('survivor');
    assert.equal(after?.status?.containerStatuses?.[0].containerID, before.status?.containerStatuses?.[0].containerID);
    assert.equal(after?.status?.containerStatuses?.[0].restartCount, 0);
    assert.equal(after?.status?.podIP, before.status?.podIP);
    assert.ok(after && isReady(after));
    assert.equal(await kubectlOk(env.cluster, ['logs', 'survivor']), 'up\n');
    await kubectlOk(env.cluster, ['delete', 'pod', 'survivor', '--wait=true']);
  });

  test('an image that cannot be pulled: ErrImagePull, then ImagePullBackOff, never a hang', { timeout: 60_000 }, async () => {
    // a registry on a closed local port: the pull fails at once, and no traffic leaves the machine
    await apply(`
apiVersion: v1
kind: Pod
metadata: { name: nopull }
spec:
  terminationGracePeriodSeconds: 1
  containers:
    - name: app
      image: localhost:1/missing:1
`);
    const reasons = new Set<string>();
    const p = await until('ImagePullBackOff', async () => {
      const x = await pod('nopull');
      const reason = x?.status?.containerStatuses?.[0]?.state?.waiting?.reason;
      if (reason) reasons.add(reason);
      return reason === 'ImagePullBackOff' && x;
    }, 30_000, 50);
    assert.ok(reasons.has('ErrImagePull'), `ErrImagePull first (saw ${[...reasons]})`);
    assert.equal(p.status?.phase, 'Pending');
    await event(p.metadata.uid!, 'the Failed event', (e) => e.reason === 'Failed' && e.message.startsWith('Failed to pull image "localhost:1/missing:1": rpc error: code = Unknown desc = '));
    await event(p.metadata.uid!, 'the BackOff event', (e) => e.reason === 'BackOff' && e.message === 'Back-off pulling image "localhost:1/missing:1"');
    await kubectlOk(env.cluster, ['delete', 'pod', 'nopull', '--wait=true']);
  });
});
