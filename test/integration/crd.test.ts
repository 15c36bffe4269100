/**
 * CustomResourceDefinitions with the real kubectl: the CronTab of Kubernetes' CRD documentation
 * (with status and scale subresources and a few more schema keywords), its printer columns,
 * explain, create, the patch types, server-side apply, watch, /status, scale, schema errors,
 * defaulting and pruning, and the cleanup of its objects when the CRD is deleted; then a helm
 * chart whose crds/ folder holds a CRD.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { useCluster } from '../support/cluster.ts';
import { until } from '../support/until.ts';
import { helmOf } from '../support/helm.ts';

const cluster = useCluster();
const NS = 'horloges';
const CRONTABS = `/apis/stable.example.com/v1/namespaces/${NS}/crontabs`;

const crontabCRD = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crontabs.stable.example.com
spec:
  group: stable.example.com
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              description: What the CronTab runs, and when.
              x-kubernetes-validations:
              - rule: "!has(self.cronSpec) || self.cronSpec != '* * * * *'"
                message: every minute is too often
              properties:
                cronSpec:
                  type: string
                  description: The cron spec defining the interval a CronJob is run
                  pattern: '^(\\d+|\\*)(/\\d+)?(\\s+(\\d+|\\*)(/\\d+)?){4}$'
                image:
                  type: string
                  description: The image the CronTab runs
                replicas:
                  type: integer
                  minimum: 1
                  maximum: 10
                  default: 1
                ports:
                  type: array
                  x-kubernetes-list-type: map
                  x-kubernetes-list-map-keys: [name]
                  items:
                    type: object
                    required: [name]
                    properties:
                      name: {type: string}
                      port: {type: integer}
                      protocol: {type: string, default: TCP}
            status:
              type: object
              properties:
                replicas: {type: integer}
                labelSelector: {type: string}
      subresources:
        status: {}
        scale:
          specReplicasPath: .spec.replicas
          statusReplicasPath: .status.replicas
          labelSelectorPath: .status.labelSelector
      additionalPrinterColumns:
      - name: Spec
        type: string
        description: The cron spec defining the interval a CronJob is run
        jsonPath: .spec.cronSpec
      - name: Replicas
        type: integer
        description: The number of jobs launched by the CronJob
        jsonPath: .spec.replicas
      - name: Age
        type: date
        jsonPath: .metadata.creationTimestamp
  scope: Namespaced
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
    shortNames:
    - ct
    categories:
    - all
`;

const crontab = (name: string, spec: string) => `apiVersion: stable.example.com/v1
kind: CronTab
metadata:
  name: ${name}
  namespace: ${NS}
spec:
${spec}`;

/** Polls (bounded) until `check` holds. */

test('the CronTab CRD: established, discovered, explained, printed', async () => {
  assert.equal((await cluster.api('POST', '/api/v1/namespaces', { body: { metadata: { name: NS } } })).status, 201);
  const apply = await cluster.kubectl(['apply', '-f', '-'], { input: crontabCRD });
  assert.equal(apply.code, 0, apply.stderr);
  assert.equal(apply.stdout.trim(), 'customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created');
  await until('Established', async () => {
    const crd = (await cluster.api('GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/crontabs.stable.example.com')).json;
    return crd.status?.conditions?.some((c: { type: string; status: string }) => c.type === 'Established' && c.status === 'True');
  });
  const wait = await cluster.kubectl(['wait', '--for=condition=established', '--timeout=20s', 'crd/crontabs.stable.example.com']);
  assert.equal(wait.code, 0, wait.stderr);
  const crd = (await cluster.api('GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/crontabs.stable.example.com')).json;
  assert.deepEqual(crd.status.acceptedNames, { plural: 'crontabs', singular: 'crontab', shortNames: ['ct'], kind: 'CronTab', listKind: 'CronTabList', categories: ['all'] });
  assert.deepEqual(crd.status.storedVersions, ['v1']);
  assert.equal(crd.spec.conversion.strategy, 'None');

  const resources = await cluster.kubectl(['api-resources', '--api-group=stable.example.com']);
  assert.equal(resources.code, 0, resources.stderr);
  assert.match(resources.stdout, /^crontabs\s+ct\s+stable\.example\.com\/v1\s+true\s+CronTab$/m);

  const explain = await cluster.kubectl(['explain', 'crontab.spec']);
  assert.equal(explain.code, 0, explain.stderr);
  assert.match(explain.stdout, /^GROUP:\s+stable\.example\.com\nKIND:\s+CronTab\nVERSION:\s+v1$/m);
  assert.match(explain.stdout, /What the CronTab runs, and when\./);
  assert.match(explain.stdout, /cronSpec\s+<string>/);
  assert.match(explain.stdout, /replicas\s+<integer>/);

  const create = await cluster.kubectl(['apply', '-f', '-'], { input: crontab('mon-horloge', '  cronSpec: "* * * * */5"\n  image: my-awesome-cron-image\n') });
  assert.equal(create.code, 0, create.stderr);
  assert.equal(create.stdout.trim(), 'crontab.stable.example.com/mon-horloge created');
  const get = await cluster.kubectl(['get', 'crontabs', '-n', NS]);
  assert.equal(get.code, 0, get.stderr);
  assert.match(get.stdout, /^NAME\s+SPEC\s+REPLICAS\s+AGE$/m);
  assert.match(get.stdout, /^mon-horloge\s+\* \* \* \* \*\/5\s+1\s+\d+s$/m);
  // the short name, the category
  assert.match((await cluster.kubectl(['get', 'ct', '-n', NS])).stdout, /^mon-horloge\s/m);
  assert.match((await cluster.kubectl(['get', 'all', '-n', NS])).stdout, /^crontab\.stable\.example\.com\/mon-horloge\s/m);
});

test('schema errors, defaults, pruning and strict field validation', async () => {
  const trop = await cluster.kubectl(['apply', '-f', '-'], { input: crontab('trop', '  cronSpec: "* * * * */5"\n  image: img\n  replicas: 20\n') });
  assert.notEqual(trop.code, 0);
  assert.match(trop.stderr, /The CronTab "trop" is invalid: spec\.replicas: Invalid value: 20: spec\.replicas in body should be less than or equal to 10/);
  const api = await cluster.api('POST', CRONTABS, { body: { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'trop' }, spec: { cronSpec: 'toujours', replicas: 'deux' } } });
  assert.equal(api.status, 422, api.text);
  assert.equal(api.json.reason, 'Invalid');
  assert.deepEqual(api.json.details.causes.map((c: { field: string }) => c.field).sort(), ['spec.cronSpec', 'spec.replicas']);
  assert.match(api.json.message, /^CronTab\.stable\.example\.com "trop" is invalid: /);
  assert.match(api.json.message, /spec\.replicas: Invalid value: "string": spec\.replicas in body must be of type integer: "string"/);

  // x-kubernetes-validations, evaluated with CEL
  const often = await cluster.kubectl(['apply', '-f', '-'], { input: crontab('souvent', '  cronSpec: "* * * * *"\n  image: img\n') });
  assert.notEqual(often.code, 0);
  assert.match(often.stderr, /The CronTab "souvent" is invalid: spec: Invalid value: "object": every minute is too often/);

  const strict = await cluster.kubectl(['apply', '-f', '-'], { input: crontab('inconnu', '  image: img\n  foo: bar\n') });
  assert.notEqual(strict.code, 0);
  assert.match(strict.stderr, /strict decoding error: unknown field "spec\.foo"/);

  // Warn: created, pruned, with a warning; defaults applied (replicas, the list item's protocol)
  const warn = await cluster.api('POST', `${CRONTABS}?fieldValidation=Warn`, {
    body: { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'elague' }, spec: { image: 'img', foo: 'bar', ports: [{ name: 'web', port: 80 }] }, extra: 1 },
  });
  assert.equal(warn.status, 201, warn.text);
  assert.match(String(warn.headers.warning), /unknown field \\"spec\.foo\\"/);
  assert.deepEqual(warn.json.spec, { image: 'img', ports: [{ name: 'web', port: 80, protocol: 'TCP' }], replicas: 1 });
  assert.equal(warn.json.extra, undefined);
});

test('patches (merge, JSON, server-side apply; no strategic merge), /status, scale, watch', async () => {
  const watch = await cluster.watch(`${CRONTABS}?watch=true&resourceVersion=0`);
  try {
    const merge = await cluster.kubectl(['patch', 'crontab', 'mon-horloge', '-n', NS, '--type=merge', '-p', '{"spec":{"replicas":3}}']);
    assert.equal(merge.code, 0, merge.stderr);
    // a client-side apply of a changed manifest: kubectl sends a merge patch (the documents offer no strategic merge)
    const reapply = await cluster.kubectl(['apply', '-f', '-'], { input: crontab('mon-horloge', '  cronSpec: "* * * * */5"\n  image: nouvelle-image\n  replicas: 3\n') });
    assert.equal(reapply.code, 0, reapply.stderr);
    assert.equal(reapply.stdout.trim(), 'crontab.stable.example.com/mon-horloge configured');
    assert.equal((await cluster.api('GET', `${CRONTABS}/mon-horloge`)).json.spec.image, 'nouvelle-image');
    const json = await cluster.kubectl(['patch', 'ct', 'mon-horloge', '-n', NS, '--type=json', '-p', '[{"op":"replace","path":"/spec/image","value":"autre-image"}]']);
    assert.equal(json.code, 0, json.stderr);
    const smp = await cluster.kubectl(['patch', 'ct', 'mon-horloge', '-n', NS, '-p', '{"spec":{"replicas":4}}']);
    assert.notEqual(smp.code, 0);
    const smpApi = await cluster.api('PATCH', `${CRONTABS}/mon-horloge`, { body: { spec: { replicas: 4 } }, contentType: 'application/strategic-merge-patch+json' });
    assert.equal(smpApi.status, 415);
    assert.equal(smpApi.json.message, 'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml');
    const bad = await cluster.kubectl(['patch', 'ct', 'mon-horloge', '-n', NS, '--type=merge', '-p', '{"spec":{"replicas":11}}']);
    assert.match(bad.stderr, /spec\.replicas: Invalid value: 11: spec\.replicas in body should be less than or equal to 10/);

    // server-side apply, with a keyed list: two managers own one item each
    const ssa = (manager: string, ports: string) =>
      cluster.kubectl(['apply', '--server-side', `--field-manager=${manager}`, '-f', '-'], { input: crontab('mon-horloge', `  ports:\n${ports}`) });
    const a = await ssa('alice', '  - name: web\n    port: 80\n');
    assert.equal(a.code, 0, a.stderr);
    const b = await ssa('bob', '  - name: dns\n    port: 53\n    protocol: UDP\n');
    assert.equal(b.code, 0, b.stderr);
    const obj = (await cluster.api('GET', `${CRONTABS}/mon-horloge`)).json;
    assert.deepEqual(obj.spec.ports, [
      { name: 'web', port: 80, protocol: 'TCP' },
      { name: 'dns', port: 53, protocol: 'UDP' },
    ]);
    assert.equal(obj.spec.image, 'autre-image');
    assert.equal(obj.spec.replicas, 3);
    const conflict = await ssa('carol', '  - name: web\n    port: 8080\n');
    assert.notEqual(conflict.code, 0);
    assert.match(conflict.stderr, /conflict with "alice"/);

    // status: only through /status
    const status = await cluster.kubectl(['patch', 'ct', 'mon-horloge', '-n', NS, '--subresource=status', '--type=merge', '-p', '{"status":{"replicas":3,"labelSelector":"app=horloge"}}']);
    assert.equal(status.code, 0, status.stderr);
    const ignored = await cluster.kubectl(['patch', 'ct', 'mon-horloge', '-n', NS, '--type=merge', '-p', '{"status":{"replicas":9}}']);
    assert.equal(ignored.code, 0, ignored.stderr);
    assert.equal((await cluster.api('GET', `${CRONTABS}/mon-horloge`)).json.status.replicas, 3);

    const scale = await cluster.kubectl(['scale', 'crontab/mon-horloge', '-n', NS, '--replicas=5']);
    assert.equal(scale.code, 0, scale.stderr);
    assert.equal(scale.stdout.trim(), 'crontab.stable.example.com/mon-horloge scaled');
    const sc = (await cluster.api('GET', `${CRONTABS}/mon-horloge/scale`)).json;
    assert.deepEqual([sc.kind, sc.spec, sc.status], ['Scale', { replicas: 5 }, { replicas: 3, selector: 'app=horloge' }]);

    const events = await watch.waitFor(4);
    assert.equal(events[0].type, 'ADDED');
    assert.ok(events.slice(1).some((e) => e.type === 'MODIFIED' && e.object.spec.replicas === 3 && e.object.kind === 'CronTab'));
  } finally {
    watch.close();
  }
});

test('deleting the CRD deletes its objects; then its kind is gone', async () => {
  const CRD = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/crontabs.stable.example.com';
  // an object held by a finalizer of its own keeps the CRD Terminating until it goes
  const held = await cluster.api('POST', CRONTABS, { body: { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'tenace', finalizers: ['example.com/garde'] }, spec: { image: 'img' } } });
  assert.equal(held.status, 201, held.text);
  assert.equal((await cluster.api('GET', CRONTABS)).json.items.length, 3);
  const del = await cluster.kubectl(['delete', 'crd', 'crontabs.stable.example.com', '--wait=false']);
  assert.equal(del.code, 0, del.stderr);
  assert.equal(del.stdout.trim(), 'customresourcedefinition.apiextensions.k8s.io "crontabs.stable.example.com" deleted');
  const terminating = (await cluster.api('GET', CRD)).json;
  assert.ok(terminating.metadata.deletionTimestamp);
  assert.deepEqual(terminating.metadata.finalizers, ['customresourcecleanup.apiextensions.k8s.io']);
  assert.ok(terminating.status.conditions.some((c: { type: string; status: string }) => c.type === 'Terminating' && c.status === 'True'));
  assert.deepEqual((await cluster.api('GET', CRONTABS)).json.items.map((i: { metadata: { name: string } }) => i.metadata.name), ['tenace']);
  const refused = await cluster.api('POST', CRONTABS, { body: { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'tard' }, spec: { image: 'img' } } });
  assert.equal(refused.status, 405);
  assert.equal(refused.json.message, 'create not allowed while custom resource definition is terminating');
  const release = await cluster.api('PATCH', `${CRONTABS}/tenace`, { body: { metadata: { finalizers: null } }, contentType: 'application/merge-patch+json' });
  assert.equal(release.status, 200, release.text);
  await until('the CRD gone', async () => (await cluster.api('GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/crontabs.stable.example.com')).status === 404);
  assert.equal((await cluster.api('GET', CRONTABS)).status, 404);
  // recreated: none of the old objects is back
  assert.equal((await cluster.kubectl(['apply', '-f', '-'], { input: crontabCRD })).code, 0);
  await until('served again', async () => (await cluster.api('GET', CRONTABS)).status === 200);
  assert.deepEqual((await cluster.api('GET', CRONTABS)).json.items, []);
});

test('deleting a namespace deletes its custom resources (found through discovery), then the namespace finalizes', async () => {
  const ns = 'ephemere';
  const tabs = `/apis/stable.example.com/v1/namespaces/${ns}/crontabs`;
  assert.equal((await cluster.api('POST', '/api/v1/namespaces', { body: { metadata: { name: ns } } })).status, 201);
  // served since the CRD was made again just before: a discovery cached earlier would miss it
  await until('crontabs served', async () => (await cluster.api('GET', tabs)).status === 200);
  for (const [name, finalizers] of [['passagere', []], ['tenace', ['example.com/garde']]] as const) {
    const r = await cluster.api('POST', tabs, { body: { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name, finalizers }, spec: { image: 'img' } } });
    assert.equal(r.status, 201, r.text);
  }
  const del = await cluster.kubectl(['delete', 'namespace', ns, '--wait=false']);
  assert.equal(del.code, 0, del.stderr);
  await until('passagere gone, tenace marked', async () => {
    const items = (await cluster.api('GET', tabs)).json.items as { metadata: { name: string; deletionTimestamp?: string } }[];
    return items.length === 1 && items[0].metadata.name === 'tenace' && !!items[0].metadata.deletionTimestamp;
  }, 20_000);
  // the custom resource's own finalizer holds the namespace Terminating
  const held = (await cluster.api('GET', `/api/v1/namespaces/${ns}`)).json;
  assert.equal(held.status.phase, 'Terminating');
  assert.deepEqual(held.spec.finalizers, ['kubernetes']);
  const release = await cluster.api('PATCH', `${tabs}/tenace`, { body: { metadata: { finalizers: null } }, contentType: 'application/merge-patch+json' });
  assert.equal(release.status, 200, release.text);
  await until('the namespace gone', async () => (await cluster.api('GET', `/api/v1/namespaces/${ns}`)).status === 404, 20_000);
  assert.deepEqual((await cluster.api('GET', tabs)).json.items, []);
});

test('a CRD is its cluster\'s only: a tenant neither serves nor discovers it, and may define its own', async () => {
  const made = await cluster.api('POST', '/apis/tenancy.timonier.dev/v1alpha1/clusters', { body: { apiVersion: 'tenancy.timonier.dev/v1alpha1', kind: 'Cluster', metadata: { name: 'atelier' } } });
  assert.equal(made.status, 201, made.text);
  const T = '/clusters/atelier';
  assert.equal((await cluster.api('GET', `${T}/apis/stable.example.com/v1/namespaces/default/crontabs`)).status, 404);
  assert.equal((await cluster.api('GET', `${T}/apis/apiextensions.k8s.io/v1/customresourcedefinitions/crontabs.stable.example.com`)).status, 404);
  const groups = (await cluster.api('GET', `${T}/apis`)).json.groups.map((g: { name: string }) => g.name);
  assert.ok(!groups.includes('stable.example.com'));
  assert.ok(groups.includes('apiextensions.k8s.io'));
  // the tenant's own CRD, with the same name and another schema
  const own = { ...(await cluster.api('GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/crontabs.stable.example.com')).json };
  own.metadata = { name: 'crontabs.stable.example.com' };
  delete own.status;
  own.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.replicas.maximum = 100;
  assert.equal((await cluster.api('POST', `${T}/apis/apiextensions.k8s.io/v1/customresourcedefinitions`, { body: own })).status, 201);
  const big = await cluster.api('POST', `${T}/apis/stable.example.com/v1/namespaces/default/crontabs`, { body: { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'grand' }, spec: { image: 'img', replicas: 50 } } });
  assert.equal(big.status, 201, big.text);
  const inRoot = await cluster.api('POST', CRONTABS, { body: { apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'grand' }, spec: { image: 'img', replicas: 50 } } });
  assert.equal(inRoot.status, 422, inRoot.text);
  assert.equal((await cluster.api('GET', `${T}/apis/stable.example.com/v1/namespaces/default/crontabs`)).json.items.length, 1);
});

test('a transition rule with optionalOldSelf (as kubebuilder writes them) runs on creation too', async () => {
  const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: volumes.disks.example.com
spec:
  group: disks.example.com
  scope: Namespaced
  names: { plural: volumes, singular: volume, kind: Volume }
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              sizeGB:
                type: integer
                x-kubernetes-validations:
                - rule: "!oldSelf.hasValue() || self >= oldSelf.value()"
                  message: cannot shrink
                  optionalOldSelf: true
              legacy:
                type: boolean
                x-kubernetes-validations:
                - rule: oldSelf.hasValue()
                  message: cannot be added
                  optionalOldSelf: true`;
  const kubectl = async (args: string[], input?: string) => cluster.kubectl(args, input === undefined ? undefined : { input });
  assert.equal((await kubectl(['apply', '-f', '-'], crd)).code, 0);
  assert.equal((await kubectl(['wait', '--for=condition=Established', 'crd/volumes.disks.example.com', '--timeout=20s'])).code, 0);
  const volume = (spec: string) => `apiVersion: disks.example.com/v1\nkind: Volume\nmetadata:\n  name: data\n  namespace: default\nspec: ${spec}\n`;
  const refused = await kubectl(['apply', '-f', '-'], volume('{sizeGB: 5, legacy: true}'));
  assert.equal(refused.code, 1);
  assert.equal(refused.stderr.trim(), 'The Volume "data" is invalid: spec.legacy: Invalid value: "boolean": cannot be added');
  assert.equal((await kubectl(['apply', '-f', '-'], volume('{sizeGB: 5}'))).code, 0);
  const shrunk = await kubectl(['apply', '-f', '-'], volume('{sizeGB: 4}'));
  assert.equal(shrunk.stderr.trim(), 'The Volume "data" is invalid: spec.sizeGB: Invalid value: "integer": cannot shrink');
  assert.equal((await kubectl(['apply', '-f', '-'], volume('{sizeGB: 6}'))).code, 0);
});

test('ratcheting: after its CRD tightens, an object keeps its old value through updates of other fields', async () => {
  const crd = (image: string) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: { name: apps.ratchet.example.com }
spec:
  group: ratchet.example.com
  scope: Namespaced
  names: { plural: apps, singular: app, kind: App }
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              replicas: { type: integer, maximum: 10 }
              image: ${image}`;
  const kubectl = async (args: string[], input?: string) => cluster.kubectl(args, input === undefined ? undefined : { input });
  assert.equal((await kubectl(['apply', '-f', '-'], crd('{ type: string }'))).code, 0);
  assert.equal((await kubectl(['wait', '--for=condition=Established', 'crd/apps.ratchet.example.com', '--timeout=20s'])).code, 0);
  const app = (spec: string) => `apiVersion: ratchet.example.com/v1\nkind: App\nmetadata: { name: web, namespace: default }\nspec: ${spec}\n`;
  assert.equal((await kubectl(['apply', '-f', '-'], app('{ image: docker.io/library/nginx, replicas: 1 }'))).code, 0);

  // the schema now wants short images with no registry, and a rule on the whole spec
  const stricter = `{ type: string, maxLength: 10, pattern: '^[a-z]+$' }
            x-kubernetes-validations: [{ rule: "self.replicas < 5", message: "at most 4 replicas" }]`;
  const tightened = await kubectl(['apply', '-f', '-'], crd(stricter));
  assert.equal(tightened.code, 0, tightened.stderr);
  const label = await kubectl(['label', 'apps.ratchet.example.com', 'web', 'tier=front']);
  assert.equal(label.code, 0, label.stderr);
  const scaled = await kubectl(['apply', '-f', '-'], app('{ image: docker.io/library/nginx, replicas: 3 }'));
  assert.equal(scaled.code, 0, `the image did not change: it is not checked again (${scaled.stderr})`);
  const retagged = await kubectl(['apply', '-f', '-'], app('{ image: docker.io/library/httpd, replicas: 3 }'));
  assert.equal(retagged.code, 1, 'a new image is checked');
  assert.equal(retagged.stderr.trim(), `The App "web" is invalid: \n* spec.image: Too long: may not be more than 10 bytes\n* spec.image: Invalid value: "docker.io/library/httpd": spec.image in body should match '^[a-z]+$'`);
  assert.equal((await kubectl(['apply', '-f', '-'], app('{ image: nginx, replicas: 3 }'))).code, 0);
  const tooMany = await kubectl(['apply', '-f', '-'], app('{ image: nginx, replicas: 7 }'));
  assert.equal(tooMany.stderr.trim(), 'The App "web" is invalid: spec: Invalid value: "object": at most 4 replicas');
});

test('selectableFields: custom resources selected by their own fields (kubectl get --field-selector)', async () => {
  const crd = (fields: string) => `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: { name: shirts.stable.example.com }
spec:
  group: stable.example.com
  scope: Namespaced
  names: { plural: shirts, singular: shirt, kind: Shirt }
  versions:
  - name: v1
    served: true
    storage: true
    selectableFields: ${fields}
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              color: { type: string }
              size: { type: integer }
              sleeves: { type: object, properties: { long: { type: boolean } } }
              tags: { type: array, items: { type: string } }`;
  const kubectl = async (args: string[], input?: string) => cluster.kubectl(args, input === undefined ? undefined : { input });
  const refused = await kubectl(['apply', '-f', '-'], crd('[{ jsonPath: .spec.colour }, { jsonPath: .spec.tags }, { jsonPath: .spec.color }, { jsonPath: .spec.color }]'));
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /spec\.versions\[0\]\.selectableFields\[0\]\.jsonPath: Invalid value: "\.spec\.colour": is an invalid path: does not refer to a valid field/);
  assert.match(refused.stderr, /spec\.versions\[0\]\.selectableFields\[1\]\.jsonPath: Invalid value: "\.spec\.tags": must point to a field of type string, boolean or integer/);
  assert.match(refused.stderr, /spec\.versions\[0\]\.selectableFields\[3\]\.jsonPath: Duplicate value: "\.spec\.color"/);

  assert.equal((await kubectl(['apply', '-f', '-'], crd('[{ jsonPath: .spec.color }, { jsonPath: .spec.size }, { jsonPath: .spec.sleeves.long }]'))).code, 0);
  assert.equal((await kubectl(['wait', '--for=condition=Established', 'crd/shirts.stable.example.com', '--timeout=20s'])).code, 0);
  const shirt = (name: string, spec: string) => `apiVersion: stable.example.com/v1\nkind: Shirt\nmetadata: { name: ${name}, namespace: default }\nspec: ${spec}\n---\n`;
  const made = await kubectl(['apply', '-f', '-'], shirt('a', '{ color: red, size: 3, sleeves: { long: true } }') + shirt('b', '{ color: blue, size: 3 }') + shirt('c', '{ color: red, size: 4 }'));
  assert.equal(made.code, 0, made.stderr);
  const names = async (selector: string) => {
    const r = await kubectl(['get', 'shirts', '--field-selector', selector, '-o', 'name']);
    assert.equal(r.code, 0, r.stderr);
    return r.stdout.trim().split('\n').filter(Boolean);
  };
  assert.deepEqual(await names('spec.color=red'), ['shirt.stable.example.com/a', 'shirt.stable.example.com/c']);
  assert.deepEqual(await names('spec.color=red,spec.size=3'), ['shirt.stable.example.com/a']);
  assert.deepEqual(await names('spec.size!=3'), ['shirt.stable.example.com/c']);
  assert.deepEqual(await names('spec.sleeves.long=true'), ['shirt.stable.example.com/a']);
  const unknown = await kubectl(['get', 'shirts', '--field-selector', 'spec.tags=x']);
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /field label not supported: spec\.tags/);
});

const helm = helmOf(cluster);

test('helm install of a chart with a CRD in crds/ and an object of that kind in templates/', async () => {
  const chart = join(cluster.dir, 'chart-crd');
  await mkdir(join(chart, 'crds'), { recursive: true });
  await mkdir(join(chart, 'templates'), { recursive: true });
  await writeFile(join(chart, 'Chart.yaml'), 'apiVersion: v2\nname: reveils\nversion: 0.1.0\n');
  await writeFile(
    join(chart, 'crds', 'alarms.yaml'),
    'apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: alarms.clock.example.com\nspec:\n  group: clock.example.com\n  scope: Namespaced\n  names: {plural: alarms, singular: alarm, kind: Alarm}\n  versions:\n  - name: v1alpha1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              at: {type: string}\n',
  );
  await writeFile(join(chart, 'templates', 'alarm.yaml'), 'apiVersion: clock.example.com/v1alpha1\nkind: Alarm\nmetadata:\n  name: {{ .Release.Name }}-matin\nspec:\n  at: "07:00"\n');
  const install = await helm(['install', 'reveil', chart, '--namespace', 'default', '--wait', '--timeout', '60s']);
  assert.equal(install.code, 0, install.stderr);
  assert.match(install.stdout, /^STATUS: deployed$/m);
  const alarm = await cluster.api('GET', '/apis/clock.example.com/v1alpha1/namespaces/default/alarms/reveil-matin');
  assert.equal(alarm.status, 200, alarm.text);
  assert.deepEqual(alarm.json.spec, { at: '07:00' });
  const uninstall = await helm(['uninstall', 'reveil', '--namespace', 'default']);
  assert.equal(uninstall.code, 0, uninstall.stderr);
  assert.equal((await cluster.api('GET', '/apis/clock.example.com/v1alpha1/namespaces/default/alarms/reveil-matin')).status, 404);
  // helm keeps CRDs on uninstall
  assert.equal((await cluster.api('GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/alarms.clock.example.com')).status, 200);
});

/** kubectl.1.<minor> beside the real kubectl on the PATH, else in .tools/bin. */
function oldKubectl(minor: number): string {
  const dirs: string[] = [];
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const k = join(dir, 'kubectl');
    if (existsSync(k)) dirs.push(dirname(realpathSync(k)));
  }
  dirs.push(join(import.meta.dirname, '../../.tools/bin'));
  const found = dirs.map((d) => join(d, `kubectl.1.${minor}`)).find((f) => existsSync(f));
  assert.ok(found, `kubectl.1.${minor} not found: run scripts/ensure-kubectl-versions.sh`);
  return found;
}

function kubectlOf(minor: number, args: string[], input: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      oldKubectl(minor),
      args,
      { env: { ...process.env, KUBECONFIG: cluster.cp.kubeconfigPath, KUBECACHEDIR: join(cluster.dir, `kubecache-${minor}`), HOME: cluster.dir }, timeout: 60_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(input);
  });
}

test('kubectl 1.27 and 1.28 apply a CronTab: the CRD is in /openapi/v2, which they validate against', async () => {
  const v2 = (await cluster.api('GET', '/openapi/v2')).json;
  const def = v2.definitions['com.example.stable.v1.CronTab'];
  assert.ok(def, 'no CronTab definition in /openapi/v2');
  assert.deepEqual(def['x-kubernetes-group-version-kind'], [{ group: 'stable.example.com', kind: 'CronTab', version: 'v1' }]);
  assert.equal(def.properties.metadata.$ref, '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta');
  assert.equal(def.properties.spec.properties.replicas.type, 'integer');
  assert.ok(v2.paths[`/apis/stable.example.com/v1/namespaces/{namespace}/crontabs/{name}`]);
  for (const minor of [27, 28]) {
    const name = `ancienne-${minor}`;
    const made = await kubectlOf(minor, ['apply', '-f', '-'], crontab(name, '  cronSpec: "0 * * * *"\n  image: img\n'));
    assert.equal(made.code, 0, made.stderr);
    assert.equal(made.stdout.trim(), `crontab.stable.example.com/${name} created`);
    const changed = await kubectlOf(minor, ['apply', '-f', '-'], crontab(name, '  cronSpec: "0 * * * *"\n  image: img2\n'));
    assert.equal(changed.code, 0, changed.stderr);
    assert.equal(changed.stdout.trim(), `crontab.stable.example.com/${name} configured`);
    // client-side validation with the v2 schema: an unknown field is refused
    const wrong = await kubectlOf(minor, ['apply', '--validate=true', '-f', '-'], crontab(name, '  image: 3\n'));
    assert.notEqual(wrong.code, 0, wrong.stdout);
    assert.equal((await cluster.api('GET', `${CRONTABS}/${name}`)).json.spec.image, 'img2');
  }
});
