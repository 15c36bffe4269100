/**
 * Protobuf request bodies other than the kinds themselves, as client-go sends them (helm's
 * DeleteOptions, kubectl drain's Eviction, the scheduler's Binding, kubectl scale's Scale,
 * kubectl create token's TokenRequest), encoded by protobufjs from Kubernetes' field numbers
 * (testdata/k8s-bodies.proto): a table of bodies, each with the object it must decode to.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { StatusError } from '../../../lib/errors.ts';
import { deleteOptions } from '../../../lib/api/meta.ts';
import { evictionSchema } from '../../../lib/api/policy.ts';
import { bindingSchema } from '../../../lib/api/core/binding.ts';
import { scaleSchema } from '../../../lib/api/autoscaling.ts';
import { tokenRequest } from '../../../lib/api/authn.ts';
import { decodeBody } from './decode.ts';
import { decodeOptions } from './options.ts';
import { kinds } from '../registry/index.ts';
import { reviewResources } from '../handlers/reviews.ts';
import { shape } from '../../../lib/schema/walk.ts';

const PB = 'application/vnd.kubernetes.protobuf';
const root = protobuf.parse(readFileSync(join(import.meta.dirname, 'testdata/k8s-bodies.proto'), 'utf8')).root;

/** `k8s\0` + runtime.Unknown{typeMeta, raw, "", ""}, as client-go's protobuf serializer writes it. */
function body(apiVersion: string, kind: string, message: string, value: Record<string, unknown>): Uint8Array {
  const type = root.lookupType(`k8s.${message}`);
  assert.equal(type.verify(value), null);
  const raw = type.encode(type.fromObject(value)).finish();
  const unknown = root.lookupType('k8s.Unknown');
  const env = unknown.encode(unknown.fromObject({ typeMeta: { apiVersion, kind }, raw, contentEncoding: '', contentType: '' })).finish();
  return Uint8Array.from([0x6b, 0x38, 0x73, 0x00, ...env]);
}

const deleteCases: [string, Uint8Array, Record<string, unknown>][] = [
  // helm uninstall: Secrets(ns).Delete(name, metav1.DeleteOptions{}) through the core/v1 client
  ['empty options (helm)', body('v1', 'DeleteOptions', 'DeleteOptions', {}), {}],
  ['zero grace period kept (a pointer)', body('v1', 'DeleteOptions', 'DeleteOptions', { gracePeriodSeconds: 0 }), { gracePeriodSeconds: 0 }],
  [
    'every field, from the apps/v1 client',
    body('apps/v1', 'DeleteOptions', 'DeleteOptions', {
      gracePeriodSeconds: 30,
      preconditions: { uid: 'u-1', resourceVersion: '42' },
      orphanDependents: false,
      propagationPolicy: 'Foreground',
      dryRun: ['All'],
    }),
    { gracePeriodSeconds: 30, preconditions: { uid: 'u-1', resourceVersion: '42' }, orphanDependents: false, propagationPolicy: 'Foreground', dryRun: ['All'] },
  ],
  ['meta.k8s.io/v1, the group of DeleteOptions itself', body('meta.k8s.io/v1', 'DeleteOptions', 'DeleteOptions', { propagationPolicy: 'Background' }), { propagationPolicy: 'Background' }],
  ['no type meta at all', body('', '', 'DeleteOptions', { propagationPolicy: 'Orphan' }), { propagationPolicy: 'Orphan' }],
];

for (const [name, bytes, want] of deleteCases) {
  test(`DeleteOptions as protobuf: ${name}`, () => {
    assert.deepEqual(decodeOptions(bytes, PB, 'DeleteOptions', deleteOptions), want);
  });
}

const rejects = (f: () => unknown, message: string | RegExp) =>
  assert.throws(f, (e: unknown) => e instanceof StatusError && e.code === 400 && (typeof message === 'string' ? e.message === message : message.test(e.message)));

test('DeleteOptions: another kind, a cut body, wrong JSON types are 400s', () => {
  rejects(
    () => decodeOptions(body('v1', 'Pod', 'DeleteOptions', {}), PB, 'DeleteOptions', deleteOptions),
    /^the object provided is unrecognized \(must be of type DeleteOptions\): no kind "Pod" is registered for version "v1" \(6b387300/,
  );
  const cut = body('v1', 'DeleteOptions', 'DeleteOptions', { propagationPolicy: 'Foreground' });
  rejects(() => decodeOptions(cut.subarray(0, cut.length - 8), PB, 'DeleteOptions', deleteOptions), /^the object provided is unrecognized \(must be of type DeleteOptions\): proto: /);
  const json = (s: string) => new TextEncoder().encode(s);
  rejects(
    () => decodeOptions(json('{"gracePeriodSeconds":"5"}'), 'application/json', 'DeleteOptions', deleteOptions),
    'DeleteOptions in version "v1" cannot be handled as a DeleteOptions: json: cannot unmarshal string into Go struct field DeleteOptions.gracePeriodSeconds of type int64',
  );
  rejects(() => decodeOptions(json('[1]'), 'application/json', 'DeleteOptions', deleteOptions), /^the object provided is unrecognized \(must be of type DeleteOptions\): couldn't get version\/kind; json parse error: json: cannot unmarshal array/);
  // JSON and YAML still decode, unknown fields dropped
  assert.deepEqual(decodeOptions(json('{"kind":"DeleteOptions","apiVersion":"v1","propagationPolicy":"Orphan","bogus":1}'), 'application/json', 'DeleteOptions', deleteOptions), {
    propagationPolicy: 'Orphan',
  });
  assert.deepEqual(decodeOptions(json('gracePeriodSeconds: 0\n'), 'application/yaml', 'DeleteOptions', deleteOptions), { gracePeriodSeconds: 0 });
});

const objectCases: { name: string; bytes: Uint8Array; expected: Parameters<typeof decodeBody>[2]; want: Record<string, unknown> }[] = [
  {
    name: 'Eviction (kubectl drain)',
    bytes: body('policy/v1', 'Eviction', 'Eviction', { metadata: { name: 'web-1', namespace: 'default' }, deleteOptions: { gracePeriodSeconds: 10 } }),
    expected: { schema: evictionSchema, group: 'policy', version: 'v1', kind: 'Eviction' },
    want: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: 'web-1', namespace: 'default' }, deleteOptions: { gracePeriodSeconds: 10 } },
  },
  {
    name: 'Binding (the scheduler)',
    bytes: body('v1', 'Binding', 'Binding', { metadata: { name: 'web-1', namespace: 'default', uid: 'u-2' }, target: { kind: 'Node', name: 'n1', namespace: '', uid: '', apiVersion: '', resourceVersion: '', fieldPath: '' } }),
    expected: { schema: bindingSchema, group: '', version: 'v1', kind: 'Binding' },
    want: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'web-1', namespace: 'default', uid: 'u-2' }, target: { kind: 'Node', name: 'n1' } },
  },
  {
    name: 'Scale (kubectl scale): zero replicas left out, as Go writes it in JSON',
    bytes: body('autoscaling/v1', 'Scale', 'Scale', { metadata: { name: 'web', resourceVersion: '7' }, spec: { replicas: 0 }, status: { replicas: 3, selector: 'app=web' } }),
    expected: { schema: scaleSchema, group: 'autoscaling', version: 'v1', kind: 'Scale' },
    want: { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', resourceVersion: '7' }, status: { replicas: 3, selector: 'app=web' } },
  },
  {
    name: 'TokenRequest (kubectl create token)',
    bytes: body('authentication.k8s.io/v1', 'TokenRequest', 'TokenRequest', {
      metadata: {},
      spec: { audiences: ['api'], expirationSeconds: 3600, boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'p', uid: 'u-3' } },
    }),
    expected: { schema: tokenRequest, group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' },
    want: {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenRequest',
      metadata: {},
      spec: { audiences: ['api'], boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'p', uid: 'u-3' }, expirationSeconds: 3600 },
    },
  },
];

for (const c of objectCases) {
  test(`protobuf body: ${c.name}`, () => {
    assert.deepEqual(decodeBody(c.bytes, PB, c.expected, 'Strict').object, c.want);
  });
}

test('every served kind and review is decodable from protobuf: each field has a number, none twice', () => {
  const problems: string[] = [];
  const seen = new Set<object>();
  const walk = (schema: Parameters<typeof shape>[0], path: string, top: boolean) => {
    const s = shape(schema);
    if (s.kind === 'array') return walk(s.item, `${path}[]`, false);
    if (s.kind === 'record') return walk(s.value, `${path}{}`, false);
    if (s.kind !== 'object' || seen.has(s.entries)) return;
    seen.add(s.entries);
    const numbers = new Map<string, string>();
    for (const [name, field] of Object.entries(s.entries)) {
      const m = shape(field).meta;
      if (m.pb === undefined) {
        if (!(top && (name === 'apiVersion' || name === 'kind'))) problems.push(`${path}.${name} has no protobuf number`);
        continue;
      }
      const key = `${m.via ?? ''}/${m.pb}`;
      if (numbers.has(key)) problems.push(`${path}.${name} has the number of ${path}.${numbers.get(key)}`);
      numbers.set(key, name);
      walk(field, `${path}.${name}`, false);
    }
  };
  for (const d of [...kinds, ...reviewResources]) walk(d.schema, d.kind, true);
  assert.deepEqual(problems, []);
});
