/**
 * A CRD with two versions of different shapes and a conversion webhook, as an operator ships it:
 * a real HTTPS webhook started here on 127.0.0.1 (its CA in the CRD's caBundle) converts Gadgets
 * between v1 (`spec.replicas`) and v2 (`spec.scale.replicas`). kubectl writes and reads either
 * version; objects are kept at the storage version (v1) and served at the one asked for, in GETs,
 * lists and watches; the same webhook behind a Service on a node (a laptop), reached through its
 * agent's tunnel. Also: strategy None between versions, the webhook's failures and forbidden
 * metadata changes as Kubernetes reports them, admission of another version, the CRD's validation.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { useHttpsServer } from '../support/https-server.ts';
import { serviceOnNode, webhookNode } from '../support/webhook-node.ts';

const cluster = useCluster();

interface ConversionRequest {
  uid: string;
  desiredAPIVersion: string;
  objects: any[];
}
/** every review the webhook received, with the apiVersion it came as */
const reviews: { apiVersion: string; request: ConversionRequest }[] = [];
/** every AdmissionReview request the /admit path received */
const admissions: any[] = [];

/** v1 `spec.replicas` ⇄ v2 `spec.scale.replicas` */
function convert(obj: any, to: string): any {
  const { replicas, scale, ...rest } = obj.spec ?? {};
  const spec = to.endsWith('/v2') ? { ...rest, scale: { replicas: replicas ?? scale?.replicas } } : { ...rest, replicas: scale?.replicas ?? replicas };
  return { ...obj, apiVersion: to, spec };
}

/** What each path answers: the response's fields besides uid. */
const behaviours: Record<string, (req: ConversionRequest) => Record<string, unknown>> = {
  '/convert': (req) => ({ result: { status: 'Success' }, convertedObjects: req.objects.map((o) => convert(o, req.desiredAPIVersion)) }),
  '/refuse': () => ({ result: { status: 'Failure', message: 'gadgets of this kind cannot be converted today' } }),
  '/rename': (req) => ({ result: { status: 'Success' }, convertedObjects: req.objects.map((o) => ({ ...convert(o, req.desiredAPIVersion), metadata: { ...o.metadata, name: 'other' } })) }),
  '/relabel': (req) => ({
    result: { status: 'Success' },
    convertedObjects: req.objects.map((o) => ({ ...convert(o, req.desiredAPIVersion), metadata: { ...o.metadata, generation: 99, labels: { converted: 'yes' } } })),
  }),
};

/** the test's webhook: AdmissionReviews at /admit, ConversionReviews elsewhere (answered by `behaviours`) */
const webhook = useHttpsServer((req, body, res) => {
  const path = new URL(req.url ?? '/', 'https://x').pathname;
  const review = JSON.parse(body);
  res.writeHead(200, { 'Content-Type': 'application/json' });
  if (path === '/admit') {
    admissions.push(review.request);
    res.end(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: review.request.uid, allowed: true } }));
    return;
  }
  reviews.push(review);
  res.end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'ConversionReview', response: { uid: review.request.uid, ...behaviours[path]!(review.request) } }));
}, ['convert.conv.svc']);

const schemaV1 = '{ type: object, properties: { spec: { type: object, properties: { color: { type: string }, replicas: { type: integer } } } } }';
const schemaV2 = '{ type: object, properties: { spec: { type: object, properties: { color: { type: string }, scale: { type: object, properties: { replicas: { type: integer } } } } } } }';

function crd(plural: string, conversion: string): string {
  const kind = plural[0].toUpperCase() + plural.slice(1, -1);
  return `
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: { name: ${plural}.conv.example.com }
spec:
  group: conv.example.com
  scope: Namespaced
  names: { plural: ${plural}, singular: ${plural.slice(0, -1)}, kind: ${kind} }
  versions:
    - { name: v1, served: true, storage: true, schema: { openAPIV3Schema: ${schemaV1} } }
    - { name: v2, served: true, storage: false, schema: { openAPIV3Schema: ${schemaV2} } }
  conversion:
${conversion}
`;
}

const webhookConversion = (path: string, versions = '[v1]') =>
  `    strategy: Webhook
    webhook:
      conversionReviewVersions: ${versions}
      clientConfig: { url: "https://127.0.0.1:${webhook.port}${path}", caBundle: ${webhook.caBundle} }`;

async function kubectl(args: string[], input?: string): Promise<string> {
  const r = await cluster.kubectl(args, { input });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

async function defineCRD(plural: string, conversion: string): Promise<void> {
  await kubectl(['apply', '-f', '-'], crd(plural, conversion));
  await kubectl(['wait', '--for=condition=established', '--timeout=20s', `crd/${plural}.conv.example.com`]);
}

const gadget = (name: string, version: 'v1' | 'v2', spec: string) => `apiVersion: conv.example.com/${version}\nkind: Gadget\nmetadata: { name: ${name}, namespace: default }\nspec: ${spec}\n`;

test('a conversion webhook: written at either version, kept at the storage version, served at the one asked for', { timeout: 60_000 }, async () => {
  await defineCRD('gadgets', webhookConversion('/convert'));

  reviews.length = 0;
  await kubectl(['apply', '-f', '-'], gadget('g2', 'v2', '{ color: blue, scale: { replicas: 3 } }'));
  const toStorage = reviews.find((r) => r.request.desiredAPIVersion === 'conv.example.com/v1');
  assert.ok(toStorage, 'the v2 object went through the webhook on its way to storage');
  assert.equal(toStorage.apiVersion, 'apiextensions.k8s.io/v1');
  assert.equal(toStorage.request.objects[0].spec.scale.replicas, 3);

  // kept at v1: the storage version's shape
  const asV1 = JSON.parse(await kubectl(['get', '--raw', '/apis/conv.example.com/v1/namespaces/default/gadgets/g2']));
  assert.equal(asV1.apiVersion, 'conv.example.com/v1');
  assert.equal(asV1.spec.replicas, 3);
  assert.equal(asV1.spec.scale, undefined);

  // kubectl reads each version in its shape
  await kubectl(['apply', '-f', '-'], gadget('g1', 'v1', '{ color: red, replicas: 5 }'));
  assert.equal(await kubectl(['get', 'gadgets.v2.conv.example.com', 'g1', '-o', 'jsonpath={.apiVersion} {.spec.scale.replicas} {.spec.color}']), 'conv.example.com/v2 5 red');
  assert.equal(await kubectl(['get', 'gadgets.v1.conv.example.com', 'g2', '-o', 'jsonpath={.spec.replicas}']), '3');

  // a list is one review with every object not already at the version asked for
  reviews.length = 0;
  const list = JSON.parse(await kubectl(['get', 'gadgets.v2.conv.example.com', '-o', 'json']));
  assert.deepEqual(list.items.map((o: any) => [o.metadata.name, o.apiVersion, o.spec.scale.replicas]), [['g1', 'conv.example.com/v2', 5], ['g2', 'conv.example.com/v2', 3]]);
  assert.equal(reviews.length, 1);
  assert.equal(reviews[0].request.objects.length, 2);

  // an update at v2 of an object kept at v1: the live object converted up, the result down again
  await kubectl(['patch', 'gadgets.v2.conv.example.com', 'g1', '--type=merge', '-p', '{"spec":{"scale":{"replicas":6}}}']);
  assert.equal(await kubectl(['get', 'gadgets.v1.conv.example.com', 'g1', '-o', 'jsonpath={.spec.replicas}']), '6');

  // watchers of both versions at once: each its own shape
  const w1 = await cluster.watch('/apis/conv.example.com/v1/namespaces/default/gadgets?watch=true');
  const w2 = await cluster.watch('/apis/conv.example.com/v2/namespaces/default/gadgets?watch=true');
  try {
    await Promise.all([w1.waitFor(2), w2.waitFor(2)]);
    await kubectl(['patch', 'gadgets.v1.conv.example.com', 'g2', '--type=merge', '-p', '{"spec":{"replicas":7}}']);
    const [e1, e2] = await Promise.all([w1.waitFor(3), w2.waitFor(3)]);
    assert.deepEqual([e1[2].type, e1[2].object.apiVersion, e1[2].object.spec.replicas], ['MODIFIED', 'conv.example.com/v1', 7]);
    assert.deepEqual([e2[2].type, e2[2].object.apiVersion, e2[2].object.spec.scale.replicas], ['MODIFIED', 'conv.example.com/v2', 7]);
  } finally {
    w1.close();
    w2.close();
  }
});

test('the webhook is asked in the first ConversionReview version it lists that the server speaks', { timeout: 60_000 }, async () => {
  await defineCRD('gizmos', webhookConversion('/convert', '[v9, v1beta1, v1]').replaceAll('Gadget', 'Gizmo'));
  reviews.length = 0;
  await kubectl(['apply', '-f', '-'], gadget('z', 'v2', '{ scale: { replicas: 2 } }').replace('Gadget', 'Gizmo'));
  assert.equal(reviews[0]?.apiVersion, 'apiextensions.k8s.io/v1beta1');
  assert.equal(await kubectl(['get', 'gizmos.v1.conv.example.com', 'z', '-o', 'jsonpath={.spec.replicas}']), '2');
});

test("strategy None: another version's reads change the apiVersion, and drop what that version's schema does not describe", { timeout: 60_000 }, async () => {
  await defineCRD('plains', '    strategy: None');
  await kubectl(['apply', '-f', '-'], gadget('p', 'v1', '{ color: green, replicas: 2 }').replace('Gadget', 'Plain'));
  const asV2 = JSON.parse(await kubectl(['get', '--raw', '/apis/conv.example.com/v2/namespaces/default/plains/p']));
  assert.equal(asV2.apiVersion, 'conv.example.com/v2');
  assert.deepEqual(asV2.spec, { color: 'green' }, 'v2 has no spec.replicas');
  assert.equal(await kubectl(['get', 'plains.v1.conv.example.com', 'p', '-o', 'jsonpath={.spec.replicas}']), '2', 'kept at v1 as written');
  const list = JSON.parse(await kubectl(['get', '--raw', '/apis/conv.example.com/v2/namespaces/default/plains']));
  assert.deepEqual(list.items.map((o: any) => o.apiVersion), ['conv.example.com/v2']);
});

test("a webhook's refusal and its forbidden changes are Kubernetes' 500s; labels it sets are kept", { timeout: 60_000 }, async () => {
  await defineCRD('widgets', '    strategy: None');
  await kubectl(['apply', '-f', '-'], gadget('w', 'v1', '{ replicas: 1 }').replace('Gadget', 'Widget'));
  const switchTo = async (path: string) => {
    await kubectl(['apply', '-f', '-'], crd('widgets', webhookConversion(path)));
  };

  await switchTo('/refuse');
  const refused = await cluster.api('GET', '/apis/conv.example.com/v2/namespaces/default/widgets/w');
  assert.equal(refused.status, 500, refused.text);
  assert.equal(refused.json.reason, 'InternalError');
  assert.equal(refused.json.message, 'Internal error occurred: conversion webhook for conv.example.com/v1, Kind=Widget failed: gadgets of this kind cannot be converted today');
  const byKubectl = await cluster.kubectl(['get', 'widgets.v2.conv.example.com', 'w']);
  assert.notEqual(byKubectl.code, 0);
  assert.match(byKubectl.stderr, /conversion webhook for conv\.example\.com\/v1, Kind=Widget failed: gadgets of this kind cannot be converted today/);
  // the storage version needs no conversion: still readable
  assert.equal(await kubectl(['get', 'widgets.v1.conv.example.com', 'w', '-o', 'jsonpath={.spec.replicas}']), '1');

  await switchTo('/rename');
  const renamed = await cluster.api('GET', '/apis/conv.example.com/v2/namespaces/default/widgets/w');
  assert.equal(renamed.status, 500);
  assert.equal(renamed.json.message, 'Internal error occurred: conversion webhook for conv.example.com/v1, Kind=Widget returned invalid object: must have the same name: w != other');

  await switchTo('/relabel');
  const relabeled = await cluster.api('GET', '/apis/conv.example.com/v2/namespaces/default/widgets/w');
  assert.equal(relabeled.status, 200, relabeled.text);
  assert.deepEqual(relabeled.json.metadata.labels, { converted: 'yes' });
  assert.equal(relabeled.json.metadata.generation, 1, 'metadata other than labels and annotations is restored');
  assert.equal(relabeled.json.spec.scale.replicas, 1);
});

test('admission of another version (matchPolicy Equivalent): webhooks and policies see the object converted to the version they name', { timeout: 60_000 }, async () => {
  // gadgets are defined by the first test: v1 and v2 through the /convert webhook
  const rules = [{ operations: ['CREATE'], apiGroups: ['conv.example.com'], apiVersions: ['v1'], resources: ['gadgets'] }];
  const hook = await cluster.api('POST', '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', {
    body: { apiVersion: 'admissionregistration.k8s.io/v1', kind: 'ValidatingWebhookConfiguration', metadata: { name: 'gadgets-v1' }, webhooks: [{ name: 'v1.gadgets.conv.example.com', clientConfig: { url: `https://127.0.0.1:${webhook.port}/admit`, caBundle: webhook.caBundle }, rules, sideEffects: 'None', admissionReviewVersions: ['v1'] }] },
  });
  assert.equal(hook.status, 201, hook.text);
  const policy = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: { name: gadget-replicas }
spec:
  failurePolicy: Fail
  matchConstraints: { resourceRules: [{ operations: [CREATE], apiGroups: [conv.example.com], apiVersions: [v1], resources: [gadgets] }] }
  validations: [{ expression: "object.spec.replicas <= 10", message: "at most 10 replicas (v1's spec.replicas)" }]
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: { name: gadget-replicas }
spec: { policyName: gadget-replicas, validationActions: [Deny] }
`;
  await kubectl(['apply', '-f', '-'], policy);
  try {
    admissions.length = 0;
    await kubectl(['apply', '-f', '-'], gadget('e1', 'v2', '{ scale: { replicas: 4 } }'));
    assert.equal(admissions.length, 1);
    const [seen] = admissions;
    assert.deepEqual([seen.kind.version, seen.requestKind.version, seen.resource.version], ['v1', 'v2', 'v1']);
    assert.equal(seen.object.apiVersion, 'conv.example.com/v1');
    assert.equal(seen.object.spec.replicas, 4);

    // the policy reads v1's field from a v2 request (its binding may take a moment to be seen)
    let refused = { code: 0, stderr: '' } as { code: number; stderr: string };
    for (let i = 0; i < 20 && refused.code === 0; i++) {
      refused = await cluster.kubectl(['apply', '-f', '-'], { input: gadget(`e${i + 2}`, 'v2', '{ scale: { replicas: 20 } }') });
      if (refused.code === 0) await new Promise((r) => setTimeout(r, 250));
    }
    assert.match(refused.stderr, /ValidatingAdmissionPolicy 'gadget-replicas' with binding 'gadget-replicas' denied request: at most 10 replicas \(v1's spec\.replicas\)/);
  } finally {
    await kubectl(['delete', 'validatingwebhookconfiguration', 'gadgets-v1']);
    await kubectl(['delete', '-f', '-'], policy);
  }
});

test('a conversion webhook behind a Service on a laptop: reached through its node\'s tunnel, for reads, writes and watches', { timeout: 60_000 }, async () => {
  const node = await webhookNode(cluster, webhook.port);
  const { calls } = node;
  try {
    await kubectl(['create', 'namespace', 'conv']);
    await serviceOnNode(cluster, 'conv', 'convert');
    const byService = `    strategy: Webhook
    webhook:
      conversionReviewVersions: [v1]
      clientConfig: { service: { namespace: conv, name: convert, path: /convert }, caBundle: ${webhook.caBundle} }`;
    await defineCRD('doodads', byService);

    await kubectl(['apply', '-f', '-'], gadget('d', 'v2', '{ scale: { replicas: 2 } }').replace('Gadget', 'Doodad'));
    assert.deepEqual({ host: calls[0]?.host, port: calls[0]?.port, path: calls[0]?.path, serverName: calls[0]?.serverName }, { host: '192.0.2.10', port: 8443, path: '/convert?timeout=30s', serverName: 'convert.conv.svc' });
    assert.equal(await kubectl(['get', 'doodads.v1.conv.example.com', 'd', '-o', 'jsonpath={.spec.replicas}']), '2', 'kept at v1');

    // the watch hub converts too, from its Durable Object through the same tunnel
    const w2 = await cluster.watch('/apis/conv.example.com/v2/namespaces/default/doodads?watch=true');
    try {
      await w2.waitFor(1);
      await kubectl(['patch', 'doodads.v1.conv.example.com', 'd', '--type=merge', '-p', '{"spec":{"replicas":5}}']);
      const events = await w2.waitFor(2);
      assert.deepEqual([events[0].object.spec.scale.replicas, events[1].type, events[1].object.spec.scale.replicas], [2, 'MODIFIED', 5]);
    } finally {
      w2.close();
    }
  } finally {
    node.close();
  }
});

test("a CRD's conversion settings are validated", async () => {
  const post = (conversion: unknown) =>
    cluster.api('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', {
      body: {
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'CustomResourceDefinition',
        metadata: { name: 'bads.conv.example.com' },
        spec: { group: 'conv.example.com', scope: 'Namespaced', names: { plural: 'bads', kind: 'Bad' }, versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object' } } }], conversion },
      },
    });
  const noWebhook = await post({ strategy: 'Webhook' });
  assert.equal(noWebhook.status, 422);
  assert.match(noWebhook.json.message, /spec\.conversion\.webhookClientConfig: Required value: required when strategy is set to Webhook/);
  assert.match(noWebhook.json.message, /spec\.conversion\.conversionReviewVersions: Required value/);

  const unknownVersions = await post({ strategy: 'Webhook', webhook: { clientConfig: { url: 'http://example.com/convert' }, conversionReviewVersions: ['v9'] } });
  assert.equal(unknownVersions.status, 422);
  assert.match(unknownVersions.json.message, /spec\.conversion\.webhookClientConfig\.url: Invalid value: "http": 'https' is the only allowed URL scheme/);
  assert.match(unknownVersions.json.message, /spec\.conversion\.conversionReviewVersions: Invalid value: \[\]string\{"v9"\}: must include at least one of v1, v1beta1/);

  const webhookWithNone = await post({ strategy: 'None', webhook: { clientConfig: { url: 'https://example.com/convert' }, conversionReviewVersions: ['v1'] } });
  assert.equal(webhookWithNone.status, 422);
  assert.match(webhookWithNone.json.message, /spec\.conversion\.webhookClientConfig: Forbidden: should not be set when strategy is not set to Webhook/);
});
