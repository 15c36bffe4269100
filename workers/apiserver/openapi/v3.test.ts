import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { KindDescriptor } from '../registry/types.ts';
import { configMap, deployment, pod } from '../codec/testdata/mini.ts';
import { openapiV3 } from './v3.ts';

const kind = (group: string, k: string, resource: string, schema: KindDescriptor['schema'], pkg: string, extra: Partial<KindDescriptor> = {}): KindDescriptor => ({
  group,
  version: 'v1',
  kind: k,
  resource,
  singular: k.toLowerCase(),
  namespaced: true,
  schema,
  openapiName: `${pkg}.${k}`,
  nameRule: 'subdomain',
  ...extra,
});
const KINDS = [
  kind('apps', 'Deployment', 'deployments', deployment, 'io.k8s.api.apps.v1', { subresources: { status: true } }),
  kind('', 'ConfigMap', 'configmaps', configMap, 'io.k8s.api.core.v1'),
  kind('', 'Pod', 'pods', pod, 'io.k8s.api.core.v1'),
];

type Doc = { paths: Record<string, Record<string, { parameters?: { name: string }[]; 'x-kubernetes-group-version-kind'?: unknown }>>; components: { schemas: Record<string, Record<string, any>> } };

test('the root lists one document per group-version, addressed by its hash', async () => {
  const { root, documents } = await openapiV3(KINDS);
  assert.deepEqual(Object.keys(root.paths), ['api/v1', 'apis/apps/v1']);
  for (const [path, { hash, json }] of documents) {
    assert.equal(hash, createHash('sha256').update(json).digest('hex').toUpperCase());
    assert.equal(root.paths[path].serverRelativeURL, `/openapi/v3/${path}?hash=${hash}`);
  }
  const again = await openapiV3(KINDS);
  assert.equal(again.documents.get('api/v1')!.hash, documents.get('api/v1')!.hash, 'deterministic');
});

test('kubectl explain: kind components with GVK, properties, descriptions and refs', async () => {
  const { documents } = await openapiV3(KINDS);
  const core = JSON.parse(documents.get('api/v1')!.json) as Doc;
  const cm = core.components.schemas['io.k8s.api.core.v1.ConfigMap'];
  assert.deepEqual(cm['x-kubernetes-group-version-kind'], [{ group: '', kind: 'ConfigMap', version: 'v1' }]);
  assert.deepEqual(cm.properties.data, { description: 'Data contains the configuration data.', type: 'object', additionalProperties: { type: 'string' } });
  assert.deepEqual(cm.properties.binaryData, { type: 'object', additionalProperties: { type: 'string', format: 'byte' } });
  assert.deepEqual(cm.properties.metadata.allOf, [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' }]);
  const meta = core.components.schemas['io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta'];
  assert.deepEqual(meta.properties.finalizers, {
    description: 'Must be empty before the object is deleted from the registry.',
    type: 'array',
    items: { type: 'string' },
    'x-kubernetes-patch-strategy': 'merge',
    'x-kubernetes-list-type': 'set',
  });
  assert.deepEqual(meta.properties.creationTimestamp.allOf, [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.Time' }]);
  assert.equal(meta.properties.generation.format, 'int64');
  const spec = core.components.schemas['io.k8s.api.core.v1.PodSpec'];
  assert.deepEqual(spec.properties.containers, {
    type: 'array',
    items: { allOf: [{ $ref: '#/components/schemas/io.k8s.api.core.v1.Container' }] },
    'x-kubernetes-patch-strategy': 'merge',
    'x-kubernetes-patch-merge-key': 'name',
    'x-kubernetes-list-type': 'map',
    'x-kubernetes-list-map-keys': ['name'],
  });
  assert.equal(spec.properties.nodeSelector['x-kubernetes-map-type'], 'atomic');
  assert.deepEqual(core.components.schemas['io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference']['x-kubernetes-map-type'], 'atomic');
  for (const s of Object.values(core.components.schemas))
    for (const ref of JSON.stringify(s).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) assert.ok(core.components.schemas[ref[1]], `dangling ${ref[1]}`);
});

test('a struct shared between groups is one component, present in both documents', async () => {
  const { documents } = await openapiV3(KINDS);
  const apps = JSON.parse(documents.get('apis/apps/v1')!.json) as Doc;
  const template = apps.components.schemas['io.k8s.api.apps.v1.DeploymentSpec'].properties.template;
  const tmpl = apps.components.schemas[template.allOf[0].$ref.split('/').pop()];
  assert.deepEqual(tmpl.properties.spec.allOf, [{ $ref: '#/components/schemas/io.k8s.api.core.v1.PodSpec' }], 'PodSpec is named after Pod, not re-declared');
  assert.ok(apps.components.schemas['io.k8s.api.core.v1.PodSpec']);
  const strategy = apps.components.schemas['io.k8s.api.apps.v1.DeploymentSpec'].properties.strategy;
  assert.equal(strategy['x-kubernetes-patch-strategy'], 'retainKeys');
  const rolling = apps.components.schemas[apps.components.schemas[strategy.allOf[0].$ref.split('/').pop()].properties.rollingUpdate.allOf[0].$ref.split('/').pop()];
  assert.deepEqual(rolling.properties.maxSurge.allOf, [{ $ref: '#/components/schemas/io.k8s.apimachinery.pkg.util.intstr.IntOrString' }]);
  assert.equal(apps.components.schemas['io.k8s.apimachinery.pkg.util.intstr.IntOrString'].format, 'int-or-string');
});

test('each kind has a patch operation with its GVK and the fieldValidation parameter', async () => {
  const { documents } = await openapiV3(KINDS);
  const apps = JSON.parse(documents.get('apis/apps/v1')!.json) as Doc;
  const item = apps.paths['/apis/apps/v1/namespaces/{namespace}/deployments/{name}'];
  assert.deepEqual(item.patch['x-kubernetes-group-version-kind'], { group: 'apps', version: 'v1', kind: 'Deployment' });
  assert.deepEqual(item.patch.parameters!.map((p) => p.name), ['dryRun', 'fieldManager', 'fieldValidation', 'force']);
  assert.ok(apps.paths['/apis/apps/v1/namespaces/{namespace}/deployments/{name}/status'].patch);
  const core = JSON.parse(documents.get('api/v1')!.json) as Doc;
  assert.ok(core.paths['/api/v1/namespaces/{namespace}/configmaps'].post.parameters!.some((p) => p.name === 'fieldValidation'));
});

test('resources served without storage (access reviews) are documented create-only, so kubectl validates them', async () => {
  const review = { group: 'authorization.k8s.io', version: 'v1', resource: 'subjectaccessreviews', kind: 'SubjectAccessReview', namespaced: false, verbs: ['create'], schema: configMap, openapiName: 'io.k8s.api.authorization.v1.SubjectAccessReview' };
  const { root, documents } = await openapiV3(KINDS, [review]);
  assert.ok(root.paths['apis/authorization.k8s.io/v1']);
  const doc = JSON.parse(documents.get('apis/authorization.k8s.io/v1')!.json) as Doc;
  assert.deepEqual(Object.keys(doc.paths), ['/apis/authorization.k8s.io/v1/subjectaccessreviews']);
  assert.deepEqual(Object.keys(doc.paths['/apis/authorization.k8s.io/v1/subjectaccessreviews']).sort(), ['parameters', 'post']);
  assert.deepEqual(doc.components.schemas['io.k8s.api.authorization.v1.SubjectAccessReview']['x-kubernetes-group-version-kind'], [{ group: 'authorization.k8s.io', kind: 'SubjectAccessReview', version: 'v1' }]);
});
