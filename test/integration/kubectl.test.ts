/**
 * The real kubectl against the local control plane: the commands of the API server issue, in the
 * order a student types them, asserting on kubectl's own output and exit codes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { useCluster } from '../support/cluster.ts';

const cluster = useCluster();

const deployYaml = (image: string, replicas = 2) => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: vitrine
  labels:
    app: vitrine
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: vitrine
  template:
    metadata:
      labels:
        app: vitrine
    spec:
      containers:
      - name: web
        image: ${image}
        ports:
        - containerPort: 80
        env:
        - name: MODE
          value: demo
`;

async function ok(args: string[], input?: string) {
  const r = await cluster.kubectl(args, { input });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')} failed:\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}

test('version, api-resources, readyz', async () => {
  assert.match(await ok(['version']), /Server Version: v1\.32\./);
  const resources = await ok(['api-resources']);
  assert.match(resources, /^configmaps\s+cm\s+v1\s+true\s+ConfigMap$/m);
  assert.match(resources, /^deployments\s+deploy\s+apps\/v1\s+true\s+Deployment$/m);
  assert.match(resources, /^leases\s+coordination\.k8s\.io\/v1\s+true\s+Lease$/m);
  assert.match(await ok(['get', '--raw', '/readyz?verbose']), /readyz check passed/);
});

test('create namespace and configmap (protobuf bodies), get them as table, yaml', async () => {
  assert.equal((await ok(['create', 'namespace', 'ch34'])).trim(), 'namespace/ch34 created');
  await ok(['config', 'set-context', '--current', '--namespace=ch34']);
  assert.equal((await ok(['create', 'configmap', 'reglages', '--from-literal=couleur=bleu'])).trim(), 'configmap/reglages created');
  const table = await ok(['get', 'cm']);
  assert.match(table, /^NAME\s+DATA\s+AGE$/m);
  assert.match(table, /^reglages\s+1\s+\d+s$/m);
  const yaml = await ok(['get', 'cm', 'reglages', '-o', 'yaml']);
  assert.match(yaml, /couleur: bleu/);
  assert.match(yaml, /namespace: ch34/);
  const again = await cluster.kubectl(['create', 'configmap', 'reglages', '--from-literal=couleur=bleu']);
  assert.equal(again.code, 1);
  assert.match(again.stderr, /configmaps "reglages" already exists/);
  const bad = await cluster.kubectl(['create', 'configmap', 'Reglages_1', '--from-literal=a=b']);
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /ConfigMap "Reglages_1" is invalid: metadata.name: Invalid value: "Reglages_1": a lowercase RFC 1123 subdomain/);
});

test('typed creates of secret, service, serviceaccount, deployment', async () => {
  assert.match(await ok(['create', 'secret', 'generic', 'motdepasse', '--from-literal=p=s3cret']), /secret\/motdepasse created/);
  const secret = JSON.parse(await ok(['get', 'secret', 'motdepasse', '-o', 'json']));
  assert.equal(Buffer.from(secret.data.p, 'base64').toString(), 's3cret');
  assert.equal(secret.type, 'Opaque');
  assert.match(await ok(['create', 'serviceaccount', 'robot']), /serviceaccount\/robot created/);
  assert.match(await ok(['create', 'service', 'clusterip', 'accueil', '--tcp=80:8080']), /service\/accueil created/);
  const svc = JSON.parse(await ok(['get', 'svc', 'accueil', '-o', 'json']));
  assert.match(svc.spec.clusterIP, /^10\.(9[6-9]|10[0-9]|11[01])\.\d+\.\d+$/);
  assert.deepEqual(svc.spec.ports[0], { name: '80-8080', protocol: 'TCP', port: 80, targetPort: 8080 });
  assert.match(await ok(['create', 'deployment', 'typee', '--image=nginx:1.30-alpine', '--replicas=3']), /deployment.apps\/typee created/);
  const d = JSON.parse(await ok(['get', 'deploy', 'typee', '-o', 'json']));
  assert.equal(d.spec.replicas, 3);
  assert.equal(d.spec.template.spec.containers[0].image, 'nginx:1.30-alpine');
  assert.equal(d.spec.strategy.rollingUpdate.maxSurge, '25%');
});

test('a watch with --output-watch-events sees the changes', async () => {
  const child = spawn('kubectl', ['get', 'cm', '-w', '--output-watch-events'], { env: { ...process.env, KUBECONFIG: cluster.cp.kubeconfigPath, KUBECACHEDIR: join(cluster.dir, 'kubecache'), HOME: cluster.dir } });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  try {
    await waitUntil(() => /ADDED\s+reglages/.test(out));
    await ok(['label', 'cm', 'reglages', 'vu=oui']);
    await waitUntil(() => /MODIFIED\s+reglages/.test(out));
  } finally {
    child.kill();
  }
  assert.match(out, /^EVENT\s+NAME\s+DATA\s+AGE$/m);
});

test('apply creates, then configures, then leaves unchanged; strategic merge keeps containers', async () => {
  const file = join(cluster.dir, 'deploy.yaml');
  await writeFile(file, deployYaml('nginx:1.30-alpine'));
  assert.equal((await ok(['apply', '-f', file])).trim(), 'deployment.apps/vitrine created');
  assert.equal((await ok(['apply', '-f', file])).trim(), 'deployment.apps/vitrine unchanged');
  await writeFile(file, deployYaml('nginx:1.31-alpine', 3));
  assert.equal((await ok(['apply', '-f', file])).trim(), 'deployment.apps/vitrine configured');
  const d = JSON.parse(await ok(['get', 'deploy', 'vitrine', '-o', 'json']));
  assert.equal(d.spec.template.spec.containers[0].image, 'nginx:1.31-alpine');
  assert.equal(d.spec.replicas, 3);
  assert.deepEqual(d.spec.template.spec.containers[0].env, [{ name: 'MODE', value: 'demo' }]);
  assert.equal(d.metadata.generation, 2);
  // a strategic patch adding a sidecar merges by container name
  await ok(['patch', 'deploy', 'vitrine', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"sidecar","image":"busybox"}]}}}}']);
  const names = JSON.parse(await ok(['get', 'deploy', 'vitrine', '-o', 'json'])).spec.template.spec.containers.map((c: { name: string }) => c.name);
  assert.deepEqual(names.sort(), ['sidecar', 'web']);
});

test('label, annotate, merge and json patches, replace', async () => {
  assert.match(await ok(['label', 'cm', 'reglages', 'env=prod']), /configmap\/reglages labeled/);
  assert.match(await ok(['annotate', 'cm', 'reglages', 'note=essai']), /configmap\/reglages annotated/);
  assert.match(await ok(['patch', 'cm', 'reglages', '--type', 'merge', '-p', '{"data":{"taille":"grande"}}']), /configmap\/reglages patched/);
  assert.match(await ok(['patch', 'cm', 'reglages', '--type', 'json', '-p', '[{"op":"replace","path":"/data/couleur","value":"vert"}]']), /configmap\/reglages patched/);
  const cm = JSON.parse(await ok(['get', 'cm', 'reglages', '-o', 'json']));
  assert.deepEqual(cm.data, { couleur: 'vert', taille: 'grande' });
  assert.equal(cm.metadata.labels.env, 'prod');
  assert.equal(cm.metadata.annotations.note, 'essai');
  cm.data = { couleur: 'rouge' };
  const file = join(cluster.dir, 'cm.json');
  await writeFile(file, JSON.stringify(cm));
  assert.match(await ok(['replace', '-f', file]), /configmap\/reglages replaced/);
  const stale = await cluster.kubectl(['replace', '-f', file]);
  assert.equal(stale.code, 1);
  assert.match(stale.stderr, /Operation cannot be fulfilled on configmaps "reglages": the object has been modified/);
});

test('scale through the scale subresource', async () => {
  assert.match(await ok(['scale', 'deployment', 'vitrine', '--replicas=5']), /deployment.apps\/vitrine scaled/);
  assert.equal(await ok(['get', 'deploy', 'vitrine', '-o', 'jsonpath={.spec.replicas}']), '5');
  const scale = JSON.parse(await ok(['get', '--raw', '/apis/apps/v1/namespaces/ch34/deployments/vitrine/scale']));
  assert.deepEqual({ kind: scale.kind, apiVersion: scale.apiVersion, spec: scale.spec, selector: scale.status.selector }, { kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 5 }, selector: 'app=vitrine' });
});

test('get pods -A -o wide and get deploy,rs,pods', async () => {
  const pods = await cluster.kubectl(['get', 'pods', '-A', '-o', 'wide']);
  assert.equal(pods.code, 0, pods.stderr);
  const multi = await ok(['get', 'deploy,rs,pods']);
  assert.match(multi, /^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE$/m);
  // no node in this file's cluster: the pods exist but none is ready
  assert.match(multi, /^deployment.apps\/vitrine\s+0\/5\s+\d+\s+0\s+\d+s$/m);
  assert.match(multi, /^replicaset.apps\/vitrine-[a-z0-9]+\s+\d+\s+\d+\s+0\s+\d+s$/m);
  assert.match(multi, /^pod\/vitrine-[a-z0-9]+-[a-z0-9]{5}\s+0\/1\s+Pending\s+0\s+\d+s$/m);
});

test('delete a configmap, then the namespace', async () => {
  assert.equal((await ok(['delete', 'configmap', 'reglages'])).trim(), 'configmap "reglages" deleted');
  const gone = await cluster.kubectl(['get', 'cm', 'reglages']);
  assert.equal(gone.code, 1);
  assert.match(gone.stderr, /Error from server \(NotFound\): configmaps "reglages" not found/);
  // the namespace controller empties the namespace, then it disappears and kubectl returns
  const del = await cluster.kubectl(['delete', 'namespace', 'ch34'], { timeoutMs: 30_000 });
  assert.equal(del.code, 0, del.stderr);
  assert.equal(del.stdout.trim(), 'namespace "ch34" deleted');
  const ns = await cluster.kubectl(['get', 'namespace', 'ch34']);
  assert.match(ns.stderr, /namespaces "ch34" not found/);
});

test('every namespace gets the default ServiceAccount and kube-root-ca.crt; system namespaces exist', async () => {
  assert.match(await ok(['get', 'namespaces']), /^kube-node-lease\s+Active/m);
  await ok(['create', 'namespace', 'fresh']);
  await waitUntilAsync(async () => (await cluster.kubectl(['-n', 'fresh', 'get', 'sa', 'default'])).code === 0);
  await waitUntilAsync(async () => (await cluster.kubectl(['-n', 'fresh', 'get', 'cm', 'kube-root-ca.crt'])).code === 0);
  const ca = await ok(['-n', 'fresh', 'get', 'cm', 'kube-root-ca.crt', '-o', 'jsonpath={.data.ca\\.crt}']);
  assert.equal(ca, cluster.cp.caPem);
});

async function waitUntilAsync(cond: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function waitUntil(cond: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
