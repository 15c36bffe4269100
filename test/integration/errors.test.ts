/**
 * Bad requests get Kubernetes' Status (code, reason, exact message) and change nothing: after each
 * one, the namespace's configmaps and the cluster's revision are as they were before it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useCluster, type Reply } from '../support/cluster.ts';

const cluster = useCluster();
const NS = 'erreurs';
const CMS = `/api/v1/namespaces/${NS}/configmaps`;
const cm = (name: string, extra: Record<string, unknown> = {}) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: 'b' }, ...extra });

const OBJECT_TYPES = 'application/json, application/yaml, application/vnd.kubernetes.protobuf';
const PATCH_TYPES = 'application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml';

interface Snapshot {
  rev: string;
  items: [string, string][];
}

/** The namespace's configmaps (name, resourceVersion) and the cluster's current revision. */
async function snapshot(): Promise<Snapshot> {
  const r = await cluster.api('GET', CMS);
  assert.equal(r.status, 200, r.text);
  return { rev: r.json.metadata.resourceVersion, items: r.json.items.map((i: any) => [i.metadata.name, i.metadata.resourceVersion]) };
}

/**
 * Waits until nothing else writes (controllers reacting to our setup: the namespace's
 * kube-root-ca.crt above all, which a loaded machine may publish late), then snapshots.
 */
async function quiet(): Promise<Snapshot> {
  const deadline = Date.now() + 20_000;
  let last = await snapshot();
  for (;;) {
    await new Promise((r) => setTimeout(r, 300));
    const now = await snapshot();
    if (now.rev === last.rev && now.items.some(([name]) => name === 'kube-root-ca.crt')) return now;
    assert.ok(Date.now() < deadline, 'the cluster never stopped writing');
    last = now;
  }
}

/** Runs a bad request (HTTP or kubectl) and checks that it changed nothing. */
async function unchanged<T>(request: () => Promise<T>): Promise<T> {
  const before = await quiet();
  const r = await request();
  assert.deepEqual(await snapshot(), before, `the rejected request changed something: ${JSON.stringify(r).slice(0, 500)}`);
  return r;
}

/** The Status of a reply: its kind, code, reason and message (and details when asked). */
function assertStatus(r: Reply, code: number, reason: string, message: string | RegExp) {
  assert.equal(r.status, code, r.text);
  assert.match(String(r.headers['content-type']), /^application\/json/);
  assert.equal(r.json?.kind, 'Status', r.text);
  assert.equal(r.json.status, 'Failure');
  assert.equal(r.json.code, code);
  assert.equal(r.json.reason, reason);
  if (typeof message === 'string') assert.equal(r.json.message, message);
  else assert.match(r.json.message, message);
}

test('a namespace and a configmap that bad requests must leave alone', async () => {
  const ns = await cluster.api('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NS } } });
  assert.equal(ns.status, 201, ns.text);
  const base = await cluster.api('POST', CMS, { body: cm('base') });
  assert.equal(base.status, 201, base.text);
});

test('malformed JSON bodies: 400 saying what Go saw, with the body quoted', async () => {
  const truncated = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x"';
  let r = await unchanged(() => cluster.api('POST', CMS, { body: truncated }));
  assertStatus(r, 400, 'BadRequest', 'the object provided is unrecognized (must be of type ConfigMap): couldn\'t get version/kind; json parse error: unexpected end of JSON input ({"apiVersion":"v1","kind":"Con ...)');

  r = await unchanged(() => cluster.api('POST', CMS, { body: '{"kind":"ConfigMap",}' }));
  assertStatus(r, 400, 'BadRequest', 'the object provided is unrecognized (must be of type ConfigMap): couldn\'t get version/kind; json parse error: invalid character \'}\' looking for beginning of object key string ({"kind":"ConfigMap",})');

  // a body that does not start with `{` is quoted in hex, 30 bytes at most
  const text = 'this is not json at all, not even close';
  r = await unchanged(() => cluster.api('POST', CMS, { body: text }));
  assertStatus(r, 400, 'BadRequest', `the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: invalid character 'h' in literal true (expecting 'r') (${Buffer.from(text.slice(0, 30)).toString('hex')} ...)`);

  r = await unchanged(() => cluster.api('POST', CMS, { body: '', contentType: 'application/json' }));
  assertStatus(r, 400, 'BadRequest', "the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: unexpected end of JSON input (<empty>)");

  // a well-formed body of the wrong types is "cannot be handled"
  r = await unchanged(() => cluster.api('POST', CMS, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 5 } } }));
  assertStatus(r, 400, 'BadRequest', 'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type string');

  // the same on an update of an existing object
  r = await unchanged(() => cluster.api('PUT', `${CMS}/base`, { body: truncated }));
  assertStatus(r, 400, 'BadRequest', /^the object provided is unrecognized \(must be of type ConfigMap\): couldn't get version\/kind; json parse error: unexpected end of JSON input/);
});

test('malformed YAML bodies: 400 with the YAML line, the body quoted in hex', async () => {
  const yaml = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: [oups\ndata:\n  a: b\n';
  const r = await unchanged(() => cluster.api('POST', CMS, { body: yaml, contentType: 'application/yaml' }));
  assertStatus(r, 400, 'BadRequest', /^the object provided is unrecognized \(must be of type ConfigMap\): error converting YAML to JSON: yaml: line \d+: .+ \(([0-9a-f]{60}) \.\.\.\)$/);
  assert.equal(/\(([0-9a-f]{60}) \.\.\.\)$/.exec(r.json.message)![1], Buffer.from(yaml.slice(0, 30)).toString('hex'));

  // a well-formed YAML body of another group-version
  const wrongKind = await unchanged(() => cluster.api('POST', CMS, { body: 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\n', contentType: 'application/yaml' }));
  assertStatus(wrongKind, 400, 'BadRequest', 'the API version in the data (apps/v1) does not match the expected API version (v1)');
});

test('unsupported content types: 415 listing what is accepted, on create, update and patch', async () => {
  let r = await unchanged(() => cluster.api('POST', CMS, { body: JSON.stringify(cm('texte')), contentType: 'text/plain' }));
  assertStatus(r, 415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${OBJECT_TYPES}`);

  r = await unchanged(() => cluster.api('PUT', `${CMS}/base`, { body: JSON.stringify(cm('base')), contentType: 'application/x-www-form-urlencoded' }));
  assertStatus(r, 415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${OBJECT_TYPES}`);

  // a PATCH with a plain JSON body is not a patch
  r = await unchanged(() => cluster.api('PATCH', `${CMS}/base`, { body: { data: { a: 'z' } }, contentType: 'application/json' }));
  assertStatus(r, 415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${PATCH_TYPES}`);

  // a charset parameter is not part of the media type
  const ok = await cluster.api('PATCH', `${CMS}/base`, { body: { metadata: { labels: { vu: 'oui' } } }, contentType: 'application/merge-patch+json; charset=utf-8' });
  assert.equal(ok.status, 200, ok.text);
});

test('malformed patches: 400 for a body that does not decode, 422 for one that does not apply', async () => {
  let r = await unchanged(() => cluster.api('PATCH', `${CMS}/base`, { body: '{"data":', contentType: 'application/merge-patch+json' }));
  assertStatus(r, 400, 'BadRequest', 'error decoding patch: unexpected end of JSON input');
  r = await unchanged(() => cluster.api('PATCH', `${CMS}/base`, { body: { op: 'add' }, contentType: 'application/json-patch+json' }));
  assertStatus(r, 400, 'BadRequest', 'error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp');
  // an operation that cannot apply: Kubernetes does not say which, nor why
  r = await unchanged(() => cluster.api('PATCH', `${CMS}/base`, { body: [{ op: 'replace', path: '/data/absent', value: 'x' }], contentType: 'application/json-patch+json' }));
  assertStatus(r, 422, 'Invalid', 'the server rejected our request due to an error in our request');
  r = await unchanged(() => cluster.api('PATCH', `${CMS}/base`, { body: [{ op: 'test', path: '/data/a', value: 'pas b' }], contentType: 'application/json-patch+json' }));
  assertStatus(r, 422, 'Invalid', 'the server rejected our request due to an error in our request');
  const k = await unchanged(() => cluster.kubectl(['-n', NS, 'patch', 'configmap', 'base', '--type', 'json', '-p', '[{"op":"remove","path":"/data/absent"}]']));
  assert.equal(k.code, 1);
  assert.equal(k.stderr.trim(), 'The request is invalid: the server rejected our request due to an error in our request');
});

test('a body over 3 MiB: 413 Request entity too large', async () => {
  const big = cm('enorme', { data: { blob: 'x'.repeat(3 * 1024 * 1024) } });
  const r = await unchanged(() => cluster.api('POST', CMS, { body: big }));
  assertStatus(r, 413, 'RequestEntityTooLarge', 'Request entity too large: limit is 3145728');

  // the same without a Content-Length: the limit holds on the bytes read
  const chunked = await unchanged(() => postChunked(CMS, JSON.stringify(big)));
  assertStatus(chunked, 413, 'RequestEntityTooLarge', 'Request entity too large: limit is 3145728');

  // the limit is on the body's bytes: a small object padded with blanks to just under it is fine
  const small = JSON.stringify(cm('presque'));
  const fits = small.slice(0, -1) + ' '.repeat(3 * 1024 * 1024 - small.length) + '}';
  assert.equal(fits.length, 3145728);
  const ok = await cluster.api('POST', CMS, { body: fits });
  assert.equal(ok.status, 201, ok.text.slice(0, 300));
  assert.equal((await cluster.api('DELETE', `${CMS}/presque`)).status, 200);
});

test('invalid names: 422 Invalid with the rule of the kind', async () => {
  let r = await unchanged(() => cluster.api('POST', CMS, { body: cm('Bad_Name') }));
  assertStatus(
    r,
    422,
    'Invalid',
    `ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
  );
  assert.deepEqual(r.json.details, {
    name: 'Bad_Name',
    kind: 'ConfigMap',
    causes: [
      {
        reason: 'FieldValueInvalid',
        message: `Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
        field: 'metadata.name',
      },
    ],
  });

  r = await unchanged(() => cluster.api('POST', CMS, { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: {} } }));
  assertStatus(r, 422, 'Invalid', 'ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required');

  // a namespace name is an RFC 1123 label: a dot is the one thing wrong here
  r = await unchanged(() => cluster.api('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'avec.point' } } }));
  assertStatus(r, 422, 'Invalid', 'Namespace "avec.point" is invalid: metadata.name: Invalid value: "avec.point": must not contain dots');

  // a service name is a DNS-1035 label: it starts with a letter
  r = await unchanged(() =>
    cluster.api('POST', `/api/v1/namespaces/${NS}/services`, { body: { apiVersion: 'v1', kind: 'Service', metadata: { name: '9vies' }, spec: { ports: [{ port: 80 }] } } }),
  );
  assertStatus(
    r,
    422,
    'Invalid',
    `Service "9vies" is invalid: metadata.name: Invalid value: "9vies": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
  );

  // kubectl prints the server's message
  const k = await unchanged(() => cluster.kubectl(['-n', NS, 'create', 'configmap', 'Bad_Name', '--from-literal=a=b']));
  assert.equal(k.code, 1);
  assert.match(k.stderr, /^error: failed to create configmap: ConfigMap "Bad_Name" is invalid: metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/m);
});

test('a namespace in the body that is not the URL\'s: 400', async () => {
  const r = await unchanged(() => cluster.api('POST', CMS, { body: cm('ailleurs', { metadata: { name: 'ailleurs', namespace: 'default' } }) }));
  assertStatus(r, 400, 'BadRequest', 'the namespace of the provided object does not match the namespace sent on the request');
  const put = await unchanged(() => cluster.api('PUT', `${CMS}/base`, { body: cm('base', { metadata: { name: 'base', namespace: 'default' } }) }));
  assertStatus(put, 400, 'BadRequest', 'the namespace of the provided object does not match the namespace sent on the request');
  const name = await unchanged(() => cluster.api('PUT', `${CMS}/base`, { body: cm('autre') }));
  assertStatus(name, 400, 'BadRequest', 'the name of the object (autre) does not match the name on the URL (base)');
});

test('unknown resources, unknown paths, unknown objects', async () => {
  const resource = await unchanged(() => cluster.api('GET', `/api/v1/namespaces/${NS}/chaussettes`));
  assertStatus(resource, 404, 'NotFound', 'the server could not find the requested resource');
  assert.deepEqual(resource.json.details, {});
  const create = await unchanged(() => cluster.api('POST', `/api/v1/namespaces/${NS}/chaussettes`, { body: { apiVersion: 'v1', kind: 'Chaussette', metadata: { name: 'x' } } }));
  assertStatus(create, 404, 'NotFound', 'the server could not find the requested resource');

  const path = await unchanged(() => cluster.api('GET', '/nulle-part'));
  assert.equal(path.status, 404);
  assert.equal(path.text, '404 page not found\n');
  assert.match(String(path.headers['content-type']), /^text\/plain/);

  const object = await unchanged(() => cluster.api('GET', `${CMS}/absent`));
  assertStatus(object, 404, 'NotFound', 'configmaps "absent" not found');
  assert.deepEqual(object.json.details, { name: 'absent', kind: 'configmaps' });
  const deployment = await unchanged(() => cluster.api('DELETE', `/apis/apps/v1/namespaces/${NS}/deployments/absent`));
  assertStatus(deployment, 404, 'NotFound', 'deployments.apps "absent" not found');
  assert.deepEqual(deployment.json.details, { name: 'absent', group: 'apps', kind: 'deployments' });
});

test('methods a path does not serve: 405 MethodNotAllowed', async () => {
  const routerMessage = 'the server does not allow this method on the requested resource';
  // POST to an object, PUT to a collection, DELETE of a scale
  const post = await unchanged(() => cluster.api('POST', `${CMS}/base`, { body: cm('base') }));
  assertStatus(post, 405, 'MethodNotAllowed', routerMessage);
  const put = await unchanged(() => cluster.api('PUT', CMS, { body: cm('base') }));
  assertStatus(put, 405, 'MethodNotAllowed', routerMessage);
  const scale = await unchanged(() => cluster.api('POST', `/apis/apps/v1/namespaces/${NS}/deployments/absent/scale`, { body: {} }));
  assertStatus(scale, 405, 'MethodNotAllowed', routerMessage);
});

test('fieldValidation=Strict: an unknown field is a 400; kubectl create -f says so', async () => {
  const body = { ...cm('strict'), bogus: true };
  const r = await unchanged(() => cluster.api('POST', `${CMS}?fieldValidation=Strict`, { body }));
  assertStatus(r, 400, 'BadRequest', 'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "bogus"');

  const nested = await unchanged(() => cluster.api('PUT', `${CMS}/base?fieldValidation=Strict`, { body: cm('base', { metadata: { name: 'base', bogus: 1 } }) }));
  assertStatus(nested, 400, 'BadRequest', 'ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "metadata.bogus"');

  // a patch that yields an unknown field is Kubernetes' 422 on the field "patch", quoting the result
  const patch = await unchanged(() => cluster.api('PATCH', `${CMS}/base?fieldValidation=Strict`, { body: { bogus: 1 }, contentType: 'application/merge-patch+json' }));
  assertStatus(patch, 422, 'Invalid', /^ "" is invalid: patch: Invalid value: "\{.*\\"bogus\\":1\}": strict decoding error: unknown field "bogus"$/);
  assert.deepEqual(patch.json.details.causes.map((c: any) => [c.reason, c.field]), [['FieldValueInvalid', 'patch']]);

  const file = join(cluster.dir, 'bad.yaml');
  await writeFile(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: strict\nbogus: true\ndata:\n  a: b\n');
  const k = await unchanged(() => cluster.kubectl(['-n', NS, 'create', '-f', file]));
  assert.equal(k.code, 1);
  assert.equal(k.stderr.trim(), `Error from server (BadRequest): error when creating "${file}": ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "bogus"`);
});

test('fieldValidation=Warn: the object is written without the field, with a Warning header kubectl prints', async () => {
  const r = await cluster.api('POST', `${CMS}?fieldValidation=Warn`, { body: { ...cm('averti'), bogus: true } });
  assert.equal(r.status, 201, r.text);
  assert.equal(r.headers.warning, '299 - "unknown field \\"bogus\\""');
  assert.equal(r.json.bogus, undefined);
  assert.deepEqual(r.json.data, { a: 'b' });

  // Warn is also the default
  const dflt = await cluster.api('POST', CMS, { body: { ...cm('defaut'), bogus: true } });
  assert.equal(dflt.status, 201, dflt.text);
  assert.equal(dflt.headers.warning, '299 - "unknown field \\"bogus\\""');

  const file = join(cluster.dir, 'warn.yaml');
  await writeFile(file, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: averti-kubectl\nbogus: true\ndata:\n  a: b\n');
  const k = await cluster.kubectl(['-n', NS, 'create', '--validate=warn', '-f', file]);
  assert.equal(k.code, 0, k.stderr);
  assert.equal(k.stdout.trim(), 'configmap/averti-kubectl created');
  assert.match(k.stderr, /^Warning: unknown field "bogus"$/m);
  const stored = await cluster.api('GET', `${CMS}/averti-kubectl`);
  assert.equal(stored.status, 200);
  assert.equal(stored.json.bogus, undefined);
});

test('a create in a namespace that does not exist: 404 namespaces "x" not found', async () => {
  const r = await unchanged(() => cluster.api('POST', '/api/v1/namespaces/fantome/configmaps', { body: cm('x') }));
  assertStatus(r, 404, 'NotFound', 'namespaces "fantome" not found');
  assert.deepEqual(r.json.details, { name: 'fantome', kind: 'namespaces' });
  const k = await unchanged(() => cluster.kubectl(['-n', 'fantome', 'create', 'configmap', 'x', '--from-literal=a=b']));
  assert.equal(k.code, 1);
  assert.equal(k.stderr.trim(), 'error: failed to create configmap: namespaces "fantome" not found');
  assert.equal((await cluster.api('GET', '/api/v1/namespaces/fantome/configmaps/x')).status, 404);
});

/** A POST whose body is sent chunked, with no Content-Length. */
function postChunked(path: string, body: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      new URL(path, cluster.cp.url),
      { method: 'POST', ca: cluster.cp.caPem, headers: { Authorization: `Bearer ${cluster.cp.token}`, 'Content-Type': 'application/json', Accept: 'application/json', 'Transfer-Encoding': 'chunked' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    // the server may answer and close before reading everything
    req.on('error', reject);
    const bytes = Buffer.from(body);
    for (let i = 0; i < bytes.length; i += 64 * 1024) req.write(bytes.subarray(i, i + 64 * 1024));
    req.end();
  });
}

test('bad input is a 4xx, never a 5xx: create bodies', async () => {
  // Kubernetes answers this one with a reasonless 500 (an untranslated storage error); kubectl
  // create clears the field before sending, client libraries do not
  let r = await unchanged(() => cluster.api('POST', CMS, { body: cm('versionne', { metadata: { name: 'versionne', resourceVersion: '5' } }) }));
  assertStatus(r, 400, 'BadRequest', 'resourceVersion should not be set on objects to be created');

  const notAnObject = 'json: cannot unmarshal array into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }';
  r = await unchanged(() => cluster.api('POST', CMS, { body: '[1]' }));
  assertStatus(r, 400, 'BadRequest', `the object provided is unrecognized (must be of type ConfigMap): couldn't get version/kind; json parse error: ${notAnObject} (5b315d)`);
  r = await unchanged(() => cluster.api('POST', CMS, { body: '- a\n- b\n', contentType: 'application/yaml' }));
  assertStatus(r, 400, 'BadRequest', /^the object provided is unrecognized \(must be of type ConfigMap\): couldn't get version\/kind; json parse error: json: cannot unmarshal array/);

  r = await unchanged(() => cluster.api('POST', CMS, { body: cm('x'.repeat(300)) }));
  assertStatus(r, 422, 'Invalid', /^ConfigMap "x{300}" is invalid: metadata\.name: Invalid value: "x{300}": must be no more than 253 characters$/);

  r = await unchanged(() => cluster.api('POST', CMS, { body: { ...cm('ailleurs'), apiVersion: 'zz/v9' } }));
  assertStatus(r, 400, 'BadRequest', 'the API version in the data (zz/v9) does not match the expected API version (v1)');
  r = await unchanged(() => cluster.api('POST', CMS, { body: { ...cm('secret'), kind: 'Secret' } }));
  assertStatus(r, 400, 'BadRequest', 'Secret in version "v1" cannot be handled as a ConfigMap: converting (v1.Secret) to (core.ConfigMap): unknown conversion');
  r = await unchanged(() => cluster.api('POST', CMS, { body: cm('types', { data: { a: 1 } }) }));
  assertStatus(r, 400, 'BadRequest', 'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string');

  const PB = 'application/vnd.kubernetes.protobuf';
  r = await unchanged(() => cluster.api('POST', CMS, { body: Buffer.from('{}'), contentType: PB }));
  assertStatus(r, 400, 'BadRequest', 'the object provided is unrecognized (must be of type ConfigMap): provided data does not appear to be a protobuf message, expected prefix [107 56 115 0] ({})');
  r = await unchanged(() => cluster.api('POST', CMS, { body: Buffer.from([0x6b, 0x38, 0x73, 0x00, 0x12, 0xff]), contentType: PB }));
  assertStatus(r, 400, 'BadRequest', 'the object provided is unrecognized (must be of type ConfigMap): proto: unexpected EOF (6b38730012ff)');
});

test('bad input is a 4xx, never a 5xx: delete options and list parameters', async () => {
  const base = `${CMS}/base`;
  let r = await unchanged(() => cluster.api('DELETE', base, { body: { gracePeriodSeconds: 'bientot' } }));
  assertStatus(r, 400, 'BadRequest', 'DeleteOptions in version "v1" cannot be handled as a DeleteOptions: json: cannot unmarshal string into Go struct field DeleteOptions.gracePeriodSeconds of type int64');
  r = await unchanged(() => cluster.api('DELETE', base, { body: { kind: 'Pod', apiVersion: 'v1' } }));
  assertStatus(r, 400, 'BadRequest', /^the object provided is unrecognized \(must be of type DeleteOptions\): no kind "Pod" is registered for version "v1" /);
  r = await unchanged(() => cluster.api('DELETE', base, { body: '{"propagationPolicy":' }));
  assertStatus(r, 400, 'BadRequest', /^the object provided is unrecognized \(must be of type DeleteOptions\): couldn't get version\/kind; json parse error: unexpected end of JSON input/);
  r = await unchanged(() => cluster.api('DELETE', base, { body: Buffer.from([0x6b, 0x38, 0x73, 0x00, 0x7a]), contentType: 'application/vnd.kubernetes.protobuf' }));
  assertStatus(r, 400, 'BadRequest', /^the object provided is unrecognized \(must be of type DeleteOptions\): proto: /);
  r = await unchanged(() => cluster.api('DELETE', base, { body: 'x', contentType: 'text/plain' }));
  assertStatus(r, 415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${OBJECT_TYPES}`);

  // a resourceVersion past uint64 is not a version at all (not "too large": that is a 504)
  r = await unchanged(() => cluster.api('GET', `${CMS}?resourceVersion=99999999999999999999`));
  assertStatus(r, 400, 'BadRequest', 'invalid resource version: "99999999999999999999"');
});
