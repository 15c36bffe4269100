/**
 * helm, a client-go program with typed clients: its release Secrets are created, updated and
 * deleted with protobuf bodies (`helm uninstall` deletes with a protobuf DeleteOptions, which was
 * a 415). Then the other protobuf bodies client-go sends, over HTTP: DeleteOptions on delete and
 * deletecollection, and an Eviction (kubectl drain).
 *
 * helm: on the PATH or in .tools/bin (scripts/ensure-kubectl-versions.sh puts it there).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useCluster } from '../support/cluster.ts';
import { helmOf } from '../support/helm.ts';

const cluster = useCluster();
const PB = 'application/vnd.kubernetes.protobuf';
const NS = 'barre';

const helm = helmOf(cluster);

/** protobuf writing, enough for the bodies below: varint and length-delimited fields */
const varint = (n: number) => {
  const out: number[] = [];
  for (; n > 0x7f; n >>>= 7) out.push((n & 0x7f) | 0x80);
  out.push(n);
  return out;
};
const field = (num: number, bytes: number[] | string) => {
  const b = typeof bytes === 'string' ? [...Buffer.from(bytes)] : bytes;
  return [...varint((num << 3) | 2), ...varint(b.length), ...b];
};
const envelope = (apiVersion: string, kind: string, raw: number[]) => Buffer.from([0x6b, 0x38, 0x73, 0x00, ...field(1, [...field(1, apiVersion), ...field(2, kind)]), ...field(2, raw), ...field(3, ''), ...field(4, '')]);

test('helm install, upgrade and uninstall of a small chart', async () => {
  const chart = join(cluster.dir, 'chart');
  await mkdir(join(chart, 'templates'), { recursive: true });
  await writeFile(join(chart, 'Chart.yaml'), 'apiVersion: v2\nname: petit\nversion: 0.1.0\n');
  await writeFile(join(chart, 'templates', 'cm.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}-config\ndata:\n  greeting: {{ .Values.greeting | default "bonjour" | quote }}\n');
  await writeFile(join(chart, 'templates', 'svc.yaml'), 'apiVersion: v1\nkind: Service\nmetadata:\n  name: {{ .Release.Name }}-svc\nspec:\n  selector: {app: demo}\n  ports:\n  - port: 80\n');

  const install = await helm(['install', 'demo', chart, '--namespace', 'default', '--wait', '--timeout', '60s']);
  assert.equal(install.code, 0, install.stderr);
  assert.match(install.stdout, /^STATUS: deployed$/m);
  assert.equal((await cluster.api('GET', '/api/v1/namespaces/default/configmaps/demo-config')).json.data.greeting, 'bonjour');
  const release = await cluster.api('GET', '/api/v1/namespaces/default/secrets?labelSelector=owner%3Dhelm,name%3Ddemo');
  assert.deepEqual(release.json.items.map((s: { metadata: { name: string } }) => s.metadata.name), ['sh.helm.release.v1.demo.v1']);

  const upgrade = await helm(['upgrade', 'demo', chart, '--namespace', 'default', '--set', 'greeting=salut']);
  assert.equal(upgrade.code, 0, upgrade.stderr);
  assert.match(upgrade.stdout, /^REVISION: 2$/m);
  assert.equal((await cluster.api('GET', '/api/v1/namespaces/default/configmaps/demo-config')).json.data.greeting, 'salut');
  assert.match((await helm(['list', '--namespace', 'default'])).stdout, /^demo\s+default\s+2\s+.*deployed\s+petit-0\.1\.0/m);

  const uninstall = await helm(['uninstall', 'demo', '--namespace', 'default']);
  assert.equal(uninstall.code, 0, uninstall.stderr);
  assert.equal(uninstall.stdout.trim(), 'release "demo" uninstalled');
  for (const path of ['configmaps/demo-config', 'services/demo-svc', 'secrets/sh.helm.release.v1.demo.v1', 'secrets/sh.helm.release.v1.demo.v2'])
    assert.equal((await cluster.api('GET', `/api/v1/namespaces/default/${path}`)).status, 404, path);
  assert.equal((await helm(['list', '--namespace', 'default', '-q'])).stdout.trim(), '');
});

test('DeleteOptions as protobuf on delete and deletecollection; an Eviction as protobuf', async () => {
  assert.equal((await cluster.api('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } } })).status, 201);
  const cms = `/api/v1/namespaces/${NS}/configmaps`;
  for (const name of ['un', 'deux', 'trois'])
    assert.equal((await cluster.api('POST', cms, { body: { metadata: { name, labels: { lot: name === 'un' ? 'a' : 'b' } } } })).status, 201);
  const uid = (await cluster.api('GET', `${cms}/un`)).json.metadata.uid;

  // preconditions{uid} that do not match: 409, nothing deleted
  const wrong = await cluster.api('DELETE', `${cms}/un`, { body: envelope('v1', 'DeleteOptions', field(2, field(1, 'autre-uid'))), contentType: PB });
  assert.equal(wrong.status, 409, wrong.text);
  assert.match(wrong.json.message, /the UID in the precondition \(autre-uid\) does not match the UID in record/);
  const right = await cluster.api('DELETE', `${cms}/un`, { body: envelope('v1', 'DeleteOptions', field(2, field(1, uid))), contentType: PB });
  assert.equal(right.status, 200, right.text);
  assert.equal(right.json.status, 'Success');

  // deletecollection with propagationPolicy=Background (field 4), the apps client's group-version
  const all = await cluster.api('DELETE', `${cms}?labelSelector=lot%3Db`, { body: envelope('apps/v1', 'DeleteOptions', field(4, 'Background')), contentType: PB });
  assert.equal(all.status, 200, all.text);
  assert.deepEqual(all.json.items.map((i: { metadata: { name: string } }) => i.metadata.name).sort(), ['deux', 'trois']);
  assert.deepEqual((await cluster.api('GET', cms)).json.items.filter((i: { metadata: { name: string } }) => i.metadata.name !== 'kube-root-ca.crt'), []);

  // pods/eviction (kubectl drain): the pod is deleted, 201 Success
  const pods = `/api/v1/namespaces/${NS}/pods`;
  assert.equal((await cluster.api('POST', pods, { body: { metadata: { name: 'expulse' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } } })).status, 201);
  const meta = [...field(1, 'expulse'), ...field(3, NS)];
  const zeroGrace = [0x08, 0x00]; // gracePeriodSeconds: 0 (a pointer: written when zero)
  const evict = await cluster.api('POST', `${pods}/expulse/eviction`, { body: envelope('policy/v1', 'Eviction', [...field(1, meta), ...field(2, zeroGrace)]), contentType: PB });
  assert.equal(evict.status, 201, evict.text);
  assert.deepEqual(evict.json, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
  assert.equal((await cluster.api('GET', `${pods}/expulse`)).status, 404);
  const other = await cluster.api('POST', `${pods}/absent/eviction`, { body: envelope('policy/v1', 'Eviction', field(1, field(1, 'autre'))), contentType: PB });
  assert.equal(other.status, 400);
  assert.equal(other.json.message, 'name in URL does not match name in Eviction object');
});
