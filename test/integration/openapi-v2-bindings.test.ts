/**
 * /openapi/v2 as kube-apiserver serves it (JSON, or the gnostic protobuf kubectl asks for, one
 * ETag, 304 on If-None-Match, 406 otherwise), kubectl validating a create-only kind on its side
 * with it, and the core/v1 `bindings` resource (discovery and POST).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';

const cluster = useCluster();
const PROTO_ACCEPT = 'application/com.github.proto-openapi.spec.v2@v1.0+protobuf';
const PROTO_TYPE = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

test('/openapi/v2: JSON and protobuf, one ETag, 304 when unchanged, 406 for anything else', async () => {
  const json = await cluster.api('GET', '/openapi/v2', { accept: 'application/json' });
  assert.equal(json.status, 200);
  assert.equal(json.headers['content-type'], 'application/json');
  assert.equal(json.headers.vary, 'Accept');
  const etag = String(json.headers.etag);
  assert.match(etag, /^"[0-9A-F]{128}"$/);
  const doc = json.json;
  assert.equal(doc.swagger, '2.0');
  assert.deepEqual(doc.definitions['io.k8s.api.apps.v1.Deployment']['x-kubernetes-group-version-kind'], [{ group: 'apps', kind: 'Deployment', version: 'v1' }]);
  assert.deepEqual(doc.definitions['io.k8s.api.apps.v1.Deployment'].properties.metadata, { description: "Standard object's metadata.", $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta' });
  assert.deepEqual(doc.definitions['io.k8s.apimachinery.pkg.util.intstr.IntOrString'].type, 'string');
  const patch = doc.paths['/apis/apps/v1/namespaces/{namespace}/deployments/{name}'].patch;
  assert.deepEqual(patch['x-kubernetes-group-version-kind'], { group: 'apps', version: 'v1', kind: 'Deployment' });
  assert.ok(patch.parameters.some((p: { name: string; in: string }) => p.name === 'fieldValidation' && p.in === 'query'));
  assert.deepEqual(patch.parameters[0], { name: 'body', in: 'body', required: true, schema: { $ref: '#/definitions/io.k8s.apimachinery.pkg.apis.meta.v1.Patch' } });
  assert.ok(doc.paths['/api/v1/namespaces/{namespace}/bindings'].post, 'bindings are create-only');
  assert.ok(doc.definitions['io.k8s.api.authorization.v1.SubjectAccessReview']);

  // kubectl's request: the deprecated spelling in Accept, the current one in the answer
  const pb = await cluster.api('GET', '/openapi/v2?timeout=32s', { accept: PROTO_ACCEPT });
  assert.equal(pb.status, 200);
  assert.equal(pb.headers['content-type'], PROTO_TYPE);
  assert.equal(pb.headers.etag, etag);
  const bytes = Buffer.from(pb.text, 'latin1');
  assert.deepEqual([...bytes.subarray(0, 5)], [0x0a, 0x03, 0x32, 0x2e, 0x30], 'Document.swagger = "2.0" first');
  assert.equal((await cluster.api('GET', '/openapi/v2', { accept: PROTO_TYPE })).headers['content-type'], PROTO_TYPE);
  // q-values order the clauses; */* is JSON
  assert.equal((await cluster.api('GET', '/openapi/v2', { accept: `application/json;q=0.5, ${PROTO_TYPE}` })).headers['content-type'], PROTO_TYPE);
  assert.equal((await cluster.api('GET', '/openapi/v2', { accept: '*/*' })).headers['content-type'], 'application/json');

  const cached = await cluster.api('GET', '/openapi/v2', { accept: PROTO_ACCEPT, headers: { 'If-None-Match': etag } });
  assert.equal(cached.status, 304);
  assert.equal(cached.text, '');
  const stale = await cluster.api('GET', '/openapi/v2', { accept: PROTO_ACCEPT, headers: { 'If-None-Match': '"0"' } });
  assert.equal(stale.status, 200);

  const refused = await cluster.api('GET', '/openapi/v2', { accept: 'text/plain' });
  assert.equal(refused.status, 406);
});

test('kubectl validates a create-only kind on its side with /openapi/v2', async () => {
  const review = (extra: object) =>
    JSON.stringify({ apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec: { user: 'alice', resourceAttributes: { verb: 'get', resource: 'pods', namespace: 'default' }, ...extra } });
  const good = await cluster.kubectl(['create', '-f', '-', '-o', 'jsonpath={.status.allowed}'], { input: review({}) });
  assert.equal(good.code, 0, good.stderr);
  assert.equal(good.stdout, 'false');
  const bad = await cluster.kubectl(['create', '-f', '-'], { input: review({ bogus: 1 }) });
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /error validating "STDIN": error validating data: ValidationError\(SubjectAccessReview\.spec\): unknown field "bogus"/);
});

test('bindings: listed as Kubernetes lists it, POST binds the pod the body names', async () => {
  const resources = await cluster.kubectl(['api-resources', '--api-group=']);
  assert.equal(resources.code, 0, resources.stderr);
  assert.match(resources.stdout, /^bindings\s+v1\s+true\s+Binding$/m);
  const list = await cluster.api('GET', '/api/v1');
  assert.deepEqual(
    list.json.resources.find((r: { name: string }) => r.name === 'bindings'),
    { name: 'bindings', singularName: 'binding', namespaced: true, kind: 'Binding', verbs: ['create'] },
  );

  const pods = '/api/v1/namespaces/default/pods';
  assert.equal((await cluster.api('POST', pods, { body: { metadata: { name: 'lie' }, spec: { schedulerName: 'personne', containers: [{ name: 'c', image: 'busybox' }] } } })).status, 201);
  const bindings = '/api/v1/namespaces/default/bindings';
  const bind = await cluster.api('POST', bindings, { body: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'lie', annotations: { 'lie.par': 'test' } }, target: { kind: 'Node', name: 'n1' } } });
  assert.equal(bind.status, 201, bind.text);
  assert.deepEqual(bind.json, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 });
  const pod = (await cluster.api('GET', `${pods}/lie`)).json;
  assert.equal(pod.spec.nodeName, 'n1');
  assert.equal(pod.metadata.annotations['lie.par'], 'test');
  assert.deepEqual(pod.status.conditions.map((c: { type: string; status: string }) => [c.type, c.status]), [['PodScheduled', 'True']]);

  const again = await cluster.api('POST', bindings, { body: { metadata: { name: 'lie' }, target: { name: 'n2' } } });
  assert.equal(again.status, 409);
  assert.equal(again.json.message, 'Operation cannot be fulfilled on pods "lie": pod lie is already assigned to node "n1"');
  const absent = await cluster.api('POST', bindings, { body: { metadata: { name: 'absent' }, target: { name: 'n1' } } });
  assert.equal(absent.status, 404);
  assert.equal(absent.json.message, 'pods "absent" not found');
  const noTarget = await cluster.api('POST', bindings, { body: { metadata: { name: 'lie' }, target: { kind: 'Pod' } } });
  assert.equal(noTarget.status, 422);
  assert.equal(noTarget.json.message, 'Binding "lie" is invalid: [target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>", target.name: Required value]');
  assert.equal((await cluster.api('GET', bindings)).status, 405);
});
