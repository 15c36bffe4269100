/**
 * Admission webhooks against real HTTPS servers: a webhook server started here on 127.0.0.1 with
 * a CA made by the test, registered by `url` (called from Node by the local runtime's webhook
 * caller, trusting the caBundle) and by `service` (a selectorless Service + an EndpointSlice
 * naming a node whose agent — the real openTunnel, dialling the local server — makes the call
 * through its tunnel, checking the caBundle and the name `<service>.<namespace>.svc`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { useHttpsServer } from '../support/https-server.ts';
import { serviceOnNode, webhookNode } from '../support/webhook-node.ts';

const cluster = useCluster();

interface Review {
  request: any;
}
/** every review the server received, by path */
const seen = new Map<string, Review[]>();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const b64 = (s: string) => Buffer.from(s).toString('base64');
const patchOf = (ops: unknown[]) => ({ patchType: 'JSONPatch', patch: b64(JSON.stringify(ops)) });

/** What each path answers, given the review's request. */
const behaviours: Record<string, (req: any) => Promise<Record<string, unknown>> | Record<string, unknown>> = {
  '/deny-label': (req) =>
    req.object?.metadata?.labels?.interdit === 'oui'
      ? { allowed: false, status: { message: 'the label interdit=oui is not allowed here' } }
      : { allowed: true },
  '/deny-bare': () => ({ allowed: false }),
  '/deny-422': () => ({ allowed: false, status: { code: 422, reason: 'Invalid', message: 'replicas must be even' } }),
  '/allow': () => ({ allowed: true }),
  '/warn': () => ({ allowed: true, warnings: ['images from docker.io are slow here'] }),
  '/mutate': () => ({ allowed: true, ...patchOf([{ op: 'add', path: '/metadata/labels/mutated', value: 'yes' }, { op: 'add', path: '/metadata/annotations', value: { 'demo.example/by': 'webhook' } }]) }),
  // reinvocation: `first` changes nothing but wants to see the final object; `second` adds a label
  '/first': () => ({ allowed: true }),
  '/second': (req) => (req.object.metadata.labels?.second ? { allowed: true } : { allowed: true, ...patchOf([{ op: 'add', path: '/metadata/labels/second', value: 'done' }]) }),
  '/slow': async () => {
    await sleep(2500);
    return { allowed: true };
  },
  '/wrong-uid': () => ({ allowed: true, uid: 'not-the-uid' }),
};

const webhook = useHttpsServer(async (req, body, res) => {
  const url = new URL(req.url ?? '/', 'https://x');
  const review = JSON.parse(body) as Review;
  (review as any).query = url.search;
  seen.set(url.pathname, [...(seen.get(url.pathname) ?? []), review]);
  if (url.pathname === '/500') {
    res.writeHead(500).end('boom');
    return;
  }
  const answer = await behaviours[url.pathname]!(review.request);
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: review.request.uid, ...answer } }));
}, ['webhook.demo.svc']);

type Hook = Record<string, unknown>;
const podRules = (ops = ['CREATE'], resources = ['pods']) => [{ operations: ops, apiGroups: [''], apiVersions: ['v1'], resources }];

function hook(name: string, path: string, extra: Hook = {}): Hook {
  return { name, clientConfig: { url: `https://127.0.0.1:${webhook.port}${path}`, caBundle: webhook.caBundle }, rules: podRules(), sideEffects: 'None', admissionReviewVersions: ['v1'], ...extra };
}

async function register(kind: 'validating' | 'mutating', name: string, webhooks: Hook[]): Promise<() => Promise<void>> {
  const resource = `${kind}webhookconfigurations`;
  const r = await cluster.api('POST', `/apis/admissionregistration.k8s.io/v1/${resource}`, {
    body: { apiVersion: 'admissionregistration.k8s.io/v1', kind: kind === 'validating' ? 'ValidatingWebhookConfiguration' : 'MutatingWebhookConfiguration', metadata: { name }, webhooks },
  });
  assert.equal(r.status, 201, r.text);
  return async () => {
    const d = await cluster.api('DELETE', `/apis/admissionregistration.k8s.io/v1/${resource}/${name}`);
    assert.equal(d.status, 200, d.text);
  };
}

const pod = (name: string, labels: Record<string, string> = {}, ns = 'default') => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name, namespace: ns, labels },
  spec: { containers: [{ name: 'c', image: 'nginx:1.30-alpine' }] },
});
const createPod = (p: ReturnType<typeof pod>, query = '') => cluster.api('POST', `/api/v1/namespaces/${p.metadata.namespace}/pods${query}`, { body: p });

test('configurations: defaults, Kubernetes validation, NAME WEBHOOKS AGE', async () => {
  const bad = await cluster.api('POST', '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', {
    body: {
      metadata: { name: 'bad' },
      webhooks: [{ name: 'short', clientConfig: { url: 'http://x/y?q=1' }, rules: [{ operations: ['GET'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods', '*/*'] }], sideEffects: 'Some', timeoutSeconds: 31, admissionReviewVersions: ['v2'] }],
    },
  });
  assert.equal(bad.status, 422, bad.text);
  const msg = bad.json.message as string;
  for (const part of [
    'webhooks[0].name: Invalid value: "short": should be a domain with at least three segments separated by dots',
    'webhooks[0].rules[0].operations[0]: Unsupported value: "GET": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE"',
    `webhooks[0].rules[0].resources: Invalid value: []string{"pods", "*/*"}: if '*/*' is present, must not specify other resources`,
    'webhooks[0].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"',
    'webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds',
    `webhooks[0].clientConfig.url: Invalid value: "http": 'https' is the only allowed URL scheme; desired format: https://host[/path]`,
    'webhooks[0].clientConfig.url: Invalid value: "q=1": query parameters are not permitted in the URL',
    'webhooks[0].admissionReviewVersions: Invalid value: []string{"v2"}: must include at least one of v1, v1beta1',
  ])
    assert.ok(msg.includes(part), `missing ${part} in ${msg}`);

  const cel = await cluster.api('POST', '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', {
    body: {
      metadata: { name: 'cel' },
      webhooks: [
        hook('cel.demo.example', '/allow', { matchConditions: [{ name: 'params', expression: "params.x == 'a'" }, { name: 'Bad Name', expression: 'true' }, { name: 'empty', expression: '  ' }, { name: 'params', expression: 'true' }] }),
        hook('many.demo.example', '/allow', { matchConditions: Array.from({ length: 65 }, (_, i) => ({ name: `c${i}`, expression: 'true' })) }),
      ],
    },
  });
  assert.equal(cel.status, 422, cel.text);
  for (const part of [
    `webhooks[0].matchConditions[0].expression: Invalid value: "params.x == 'a'": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')`,
    'webhooks[0].matchConditions[1].name: Invalid value: "Bad Name": name part must consist of alphanumeric characters',
    'webhooks[0].matchConditions[2].expression: Required value',
    'webhooks[0].matchConditions[3].name: Duplicate value: "params"',
    'webhooks[1].matchConditions: Too many: 65: must have at most 64 items',
  ])
    assert.ok(cel.json.message.includes(part), `missing ${part} in ${cel.json.message}`);

  const unregister = await register('mutating', 'defaults', [{ ...hook('defaults.demo.example', '/allow'), rules: [{ operations: ['CREATE'], apiGroups: ['nothing.example'], apiVersions: ['v1'], resources: ['things'] }] }]);
  const got = await cluster.api('GET', '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations/defaults');
  const w = got.json.webhooks[0];
  assert.deepEqual(
    { failurePolicy: w.failurePolicy, matchPolicy: w.matchPolicy, timeoutSeconds: w.timeoutSeconds, namespaceSelector: w.namespaceSelector, objectSelector: w.objectSelector, reinvocationPolicy: w.reinvocationPolicy, scope: w.rules[0].scope },
    { failurePolicy: 'Fail', matchPolicy: 'Equivalent', timeoutSeconds: 10, namespaceSelector: {}, objectSelector: {}, reinvocationPolicy: 'Never', scope: '*' },
  );
  const table = await cluster.kubectl(['get', 'mutatingwebhookconfigurations']);
  assert.equal(table.code, 0, table.stderr);
  assert.match(table.stdout, /^NAME\s+WEBHOOKS\s+AGE\ndefaults\s+1\s+\d+s\n$/);
  await unregister();
});

test('a validating webhook denies kubectl run with Kubernetes\' text; the review is built as Kubernetes builds it', async () => {
  const unregister = await register('validating', 'demo', [hook('pods.demo.example', '/deny-label', { objectSelector: { matchLabels: { interdit: 'oui' } } })]);
  const run = await cluster.kubectl(['run', 'x', '--image=nginx:1.30-alpine', '--labels=interdit=oui']);
  assert.notEqual(run.code, 0);
  assert.equal(run.stderr.trim(), 'Error from server (Forbidden): pods "x" is forbidden: admission webhook "pods.demo.example" denied the request: the label interdit=oui is not allowed here');
  const review = seen.get('/deny-label')!.at(-1)!;
  assert.equal((review as any).query, '?timeout=10s');
  const r = review.request;
  assert.match(r.uid, /^[0-9a-f-]{36}$/);
  assert.deepEqual(r.kind, { group: '', version: 'v1', kind: 'Pod' });
  assert.deepEqual(r.resource, { group: '', version: 'v1', resource: 'pods' });
  assert.deepEqual(r.requestKind, { group: '', version: 'v1', kind: 'Pod' });
  assert.deepEqual(r.requestResource, { group: '', version: 'v1', resource: 'pods' });
  assert.equal(r.name, 'x');
  assert.equal(r.namespace, 'default');
  assert.equal(r.operation, 'CREATE');
  assert.equal(r.userInfo.username, 'admin');
  assert.ok(r.userInfo.groups.includes('system:masters'));
  assert.equal(r.oldObject, null);
  assert.equal(r.dryRun, false);
  assert.equal(r.options.kind, 'CreateOptions');
  assert.equal(r.options.apiVersion, 'meta.k8s.io/v1');
  assert.equal(r.options.fieldManager, 'kubectl-run');
  assert.equal(r.object.metadata.labels.interdit, 'oui');

  // the object selector: an unlabelled pod is not even sent
  const before = seen.get('/deny-label')!.length;
  const ok = await createPod(pod('sans-label'));
  assert.equal(ok.status, 201, ok.text);
  assert.equal(seen.get('/deny-label')!.length, before);
  await unregister();
});

test('denials: without explanation, with a status code of the webhook\'s', async () => {
  const unregister = await register('validating', 'deny', [hook('bare.demo.example', '/deny-bare', { objectSelector: { matchLabels: { t: 'bare' } } }), hook('code.demo.example', '/deny-422', { objectSelector: { matchLabels: { t: 'code' } } })]);
  const bare = await createPod(pod('bare', { t: 'bare' }));
  assert.equal(bare.status, 403);
  assert.equal(bare.json.message, 'pods "bare" is forbidden: admission webhook "bare.demo.example" denied the request without explanation');
  assert.deepEqual(bare.json.details, { name: 'bare', kind: 'pods' });
  const code = await createPod(pod('code', { t: 'code' }));
  assert.equal(code.status, 422);
  assert.equal(code.json.reason, 'Invalid');
  assert.equal(code.json.message, 'pods "code" is forbidden: admission webhook "code.demo.example" denied the request: replicas must be even');
  await unregister();
});

test('a mutating webhook\'s JSONPatch shows in the created object; warnings reach the client', async () => {
  const unM = await register('mutating', 'mutate', [hook('mutate.demo.example', '/mutate', { objectSelector: { matchLabels: { t: 'mutate' } } })]);
  const unV = await register('validating', 'warn', [hook('warn.demo.example', '/warn', { objectSelector: { matchLabels: { t: 'mutate' } } })]);
  const r = await createPod(pod('muted', { t: 'mutate' }));
  assert.equal(r.status, 201, r.text);
  assert.equal(r.json.metadata.labels.mutated, 'yes');
  assert.equal(r.json.metadata.annotations['demo.example/by'], 'webhook');
  assert.equal(r.headers.warning, '299 - "images from docker.io are slow here"');
  // the validating webhook sees the mutated object
  assert.equal(seen.get('/warn')!.at(-1)!.request.object.metadata.labels.mutated, 'yes');
  const got = await cluster.kubectl(['get', 'pod', 'muted', '-o', 'jsonpath={.metadata.labels.mutated}']);
  assert.equal(got.stdout, 'yes');
  await unV();
  await unM();
});

test('reinvocationPolicy IfNeeded: an earlier webhook is called again after a later one changed the object', async () => {
  const un = await register('mutating', 'reinvoke', [
    hook('first.demo.example', '/first', { reinvocationPolicy: 'IfNeeded', objectSelector: { matchLabels: { t: 'reinvoke' } } }),
    hook('second.demo.example', '/second', { objectSelector: { matchLabels: { t: 'reinvoke' } } }),
  ]);
  const n1 = seen.get('/first')?.length ?? 0;
  const n2 = seen.get('/second')?.length ?? 0;
  const r = await createPod(pod('reinvoked', { t: 'reinvoke' }));
  assert.equal(r.status, 201, r.text);
  const first = seen.get('/first')!.slice(n1);
  assert.equal(first.length, 2, 'first is called twice');
  assert.equal(first[0].request.object.metadata.labels.second, undefined);
  assert.equal(first[1].request.object.metadata.labels.second, 'done');
  assert.equal(seen.get('/second')!.length - n2, 1, 'second (Never) is called once');
  await un();
});

test('url webhooks: successive calls reuse one kept-alive connection, as kube-apiserver\'s client does', async () => {
  const un = await register('validating', 'reused', [hook('reused.demo.example', '/allow', { objectSelector: { matchLabels: { t: 'reuse' } } })]);
  const calls = () => (seen.get('/allow') ?? []).filter((r) => r.request.object?.metadata?.labels?.t === 'reuse').length;
  // a first call, not counted: the suite's other files load the machine, and this one is about reuse
  assert.equal((await createPod(pod('reuse-first', { t: 'reuse' }))).status, 201);
  const [before, called] = [webhook.connections, calls()];
  for (let i = 0; i < 4; i++) assert.equal((await createPod(pod(`reuse-${i}`, { t: 'reuse' }))).status, 201);
  assert.equal(calls() - called, 4);
  // at most the first call opens one (an earlier test's may still be open)
  assert.ok(webhook.connections - before <= 1, `${webhook.connections - before} connections for 4 calls`);
  await un();
});

test('failurePolicy Fail and Ignore, timeoutSeconds, a bad answer', async () => {
  const un = await register('validating', 'failing', [
    hook('down.demo.example', '/x', { clientConfig: { url: 'https://127.0.0.1:1/x', caBundle: webhook.caBundle }, objectSelector: { matchLabels: { t: 'down' } } }),
    hook('down-ignored.demo.example', '/x', { clientConfig: { url: 'https://127.0.0.1:1/x', caBundle: webhook.caBundle }, failurePolicy: 'Ignore', objectSelector: { matchLabels: { t: 'ignored' } } }),
    hook('slow.demo.example', '/slow', { timeoutSeconds: 1, objectSelector: { matchLabels: { t: 'slow' } } }),
    hook('uid.demo.example', '/wrong-uid', { objectSelector: { matchLabels: { t: 'uid' } } }),
    hook('fails.demo.example', '/500', { objectSelector: { matchLabels: { t: '500' } } }),
    hook('untrusted.demo.example', '/allow', { clientConfig: { url: `https://127.0.0.1:${webhook.port}/allow` }, objectSelector: { matchLabels: { t: 'untrusted' } } }),
  ]);
  const down = await createPod(pod('down', { t: 'down' }));
  assert.equal(down.status, 500);
  assert.equal(down.json.reason, 'InternalError');
  assert.equal(down.json.message, 'Internal error occurred: failed calling webhook "down.demo.example": failed to call webhook: Post "https://127.0.0.1:1/x?timeout=10s": dial tcp 127.0.0.1:1: connect: connection refused');

  assert.equal((await createPod(pod('ignored', { t: 'ignored' }))).status, 201);

  const t0 = Date.now();
  const slow = await createPod(pod('slow', { t: 'slow' }));
  const took = Date.now() - t0;
  assert.equal(slow.status, 500);
  assert.equal(slow.json.message, `Internal error occurred: failed calling webhook "slow.demo.example": failed to call webhook: Post "https://127.0.0.1:${webhook.port}/slow?timeout=1s": context deadline exceeded`);
  assert.ok(took >= 900 && took < 2400, `gave up after ${took} ms`);

  const uid = await createPod(pod('uid', { t: 'uid' }));
  assert.equal(uid.status, 500);
  assert.match(uid.json.message, /^Internal error occurred: failed calling webhook "uid\.demo\.example": received invalid webhook response: expected response\.uid="[0-9a-f-]{36}", got "not-the-uid"$/);

  const fails = await createPod(pod('fails', { t: '500' }));
  assert.equal(fails.json.message, 'Internal error occurred: failed calling webhook "fails.demo.example": failed to call webhook: an error on the server ("boom") has prevented the request from succeeding');

  const untrusted = await createPod(pod('untrusted', { t: 'untrusted' }));
  assert.equal(untrusted.json.message, `Internal error occurred: failed calling webhook "untrusted.demo.example": failed to call webhook: Post "https://127.0.0.1:${webhook.port}/allow?timeout=10s": tls: failed to verify certificate: x509: certificate signed by unknown authority`);
  await un();
});

test('dry run reaches webhooks with dryRun true; updates, subresources and deletes are matched by their rules', async () => {
  const un = await register('validating', 'ops', [
    hook('dry.demo.example', '/allow', { sideEffects: 'NoneOnDryRun', objectSelector: { matchLabels: { t: 'ops' } } }),
    hook('status.demo.example', '/deny-bare', { rules: podRules(['UPDATE'], ['pods/status']), objectSelector: { matchLabels: { t: 'ops' } } }),
    hook('delete.demo.example', '/allow', { rules: podRules(['DELETE']), objectSelector: { matchLabels: { t: 'ops' } } }),
  ]);
  const n = seen.get('/allow')?.length ?? 0;
  const dry = await createPod(pod('dry', { t: 'ops' }), '?dryRun=All');
  assert.equal(dry.status, 201, dry.text);
  const dryReview = seen.get('/allow')!.at(-1)!.request;
  assert.equal(dryReview.dryRun, true);
  assert.deepEqual(dryReview.options.dryRun, ['All']);

  const made = await createPod(pod('ops', { t: 'ops' }));
  assert.equal(made.status, 201, made.text);
  // an update of the pod itself is not pods/status: allowed
  const label = await cluster.api('PATCH', '/api/v1/namespaces/default/pods/ops', { body: { metadata: { annotations: { a: 'b' } } }, contentType: 'application/merge-patch+json' });
  assert.equal(label.status, 200, label.text);
  const status = await cluster.api('PATCH', '/api/v1/namespaces/default/pods/ops/status', { body: { status: { phase: 'Running' } }, contentType: 'application/merge-patch+json' });
  assert.equal(status.status, 403, status.text);
  assert.equal(status.json.message, 'pods "ops" is forbidden: admission webhook "status.demo.example" denied the request without explanation');
  const statusReview = seen.get('/deny-bare')!.at(-1)!.request;
  assert.equal(statusReview.subResource, 'status');
  assert.equal(statusReview.requestSubResource, 'status');
  assert.equal(statusReview.operation, 'UPDATE');
  assert.equal(statusReview.oldObject.metadata.name, 'ops');
  assert.equal(statusReview.options.kind, 'UpdateOptions');

  const del = await cluster.api('DELETE', '/api/v1/namespaces/default/pods/ops');
  assert.equal(del.status, 200, del.text);
  const delReview = seen.get('/allow')!.at(-1)!.request;
  assert.equal(delReview.operation, 'DELETE');
  assert.equal(delReview.object, null);
  assert.equal(delReview.oldObject.metadata.name, 'ops');
  assert.equal(delReview.options.kind, 'DeleteOptions');
  assert.ok(seen.get('/allow')!.length - n >= 2);
  await un();
});

test('namespaceSelector: only pods of labelled namespaces are sent; webhooks never see webhook configurations', async () => {
  for (const [name, labels] of [['watched', { webhooks: 'on' }], ['quiet', {}]] as const) {
    const r = await cluster.api('POST', '/api/v1/namespaces', { body: { metadata: { name, labels } } });
    assert.equal(r.status, 201, r.text);
  }
  const un = await register('validating', 'ns', [
    hook('ns.demo.example', '/deny-bare', { namespaceSelector: { matchLabels: { webhooks: 'on' } } }),
    // every resource and subresource, configurations included: Kubernetes exempts those
    hook('all.demo.example', '/deny-bare', { rules: [{ operations: ['*'], apiGroups: ['admissionregistration.k8s.io'], apiVersions: ['*'], resources: ['*/*'] }] }),
  ]);
  assert.equal((await createPod(pod('p', {}, 'watched'))).status, 403);
  assert.equal((await createPod(pod('p', {}, 'quiet'))).status, 201);
  await un(); // the configuration's own delete is not sent to all.demo.example
});

test('matchConditions: all true to call the webhook, a false one skips it, errors follow failurePolicy', async () => {
  const labelled = "has(object.metadata.labels) && 'deny' in object.metadata.labels";
  const broken = "object.metadata.labels.missing == 'x'";
  const unregister = await register('validating', 'conditions', [
    hook('mc.demo.example', '/deny-bare', {
      objectSelector: { matchLabels: { t: 'mc' } },
      matchConditions: [
        { name: 'not-kube-system', expression: "request.namespace != 'kube-system' && request.kind.kind == 'Pod' && request.operation == 'CREATE'" },
        { name: 'labelled', expression: labelled },
        { name: 'allowed-to-create', expression: "authorizer.group('').resource('pods').namespace(request.namespace).check('create').allowed() && namespaceObject == null && oldObject == null" },
      ],
    }),
    hook('mc-error.demo.example', '/allow', { objectSelector: { matchLabels: { t: 'mc-error' } }, matchConditions: [{ name: 'broken', expression: broken }] }),
    hook('mc-errors.demo.example', '/allow', { objectSelector: { matchLabels: { t: 'mc-errors' } }, matchConditions: [{ name: 'broken', expression: broken }, { name: 'broken-too', expression: 'object.spec.nothing == 1' }] }),
    hook('mc-ignore.demo.example', '/deny-bare', { failurePolicy: 'Ignore', objectSelector: { matchLabels: { t: 'mc-ignore' } }, matchConditions: [{ name: 'broken', expression: broken }] }),
    // a false condition wins over an error: the webhook is skipped, whatever the failurePolicy
    hook('mc-false.demo.example', '/deny-bare', { objectSelector: { matchLabels: { t: 'mc-false' } }, matchConditions: [{ name: 'broken', expression: broken }, { name: 'never', expression: 'false' }] }),
  ]);
  const denials = () => seen.get('/deny-bare')?.length ?? 0;
  const before = denials();
  const denied = await createPod(pod('mc-deny', { t: 'mc', deny: 'yes' }));
  assert.equal(denied.status, 403, denied.text);
  assert.equal(denied.json.message, 'pods "mc-deny" is forbidden: admission webhook "mc.demo.example" denied the request without explanation');
  assert.equal(denials(), before + 1);

  assert.equal((await createPod(pod('mc-skip', { t: 'mc' }))).status, 201);
  assert.equal(denials(), before + 1, 'a false condition must skip the webhook');

  const failed = await createPod(pod('mc-error', { t: 'mc-error' }));
  assert.equal(failed.status, 403, failed.text);
  assert.equal(failed.json.reason, 'Forbidden');
  assert.equal(failed.json.message, `pods "mc-error" is forbidden: expression '${broken}' resulted in error: no such key: missing`);
  const both = await createPod(pod('mc-errors', { t: 'mc-errors' }));
  assert.equal(both.status, 403, both.text);
  assert.equal(both.json.message, `pods "mc-errors" is forbidden: [expression '${broken}' resulted in error: no such key: missing, expression 'object.spec.nothing == 1' resulted in error: no such key: nothing]`);

  assert.equal((await createPod(pod('mc-ignore', { t: 'mc-ignore' }))).status, 201);
  assert.equal((await createPod(pod('mc-false', { t: 'mc-false' }))).status, 201);
  assert.equal(denials(), before + 1);
  await unregister();

  // a mutating webhook's conditions: only pods asking for it are patched
  const unmutate = await register('mutating', 'conditions', [
    hook('mc-mutate.demo.example', '/mutate', { objectSelector: { matchLabels: { t: 'mc-mutate' } }, matchConditions: [{ name: 'asked', expression: "has(object.metadata.labels.mutate) && object.metadata.labels.mutate == 'please'" }] }),
  ]);
  const asked = await createPod(pod('mc-asked', { t: 'mc-mutate', mutate: 'please' }));
  assert.equal(asked.json.metadata.labels.mutated, 'yes', asked.text);
  const unasked = await createPod(pod('mc-unasked', { t: 'mc-mutate' }));
  assert.equal(unasked.status, 201, unasked.text);
  assert.equal(unasked.json.metadata.labels.mutated, undefined);
  await unmutate();
});

/** A node whose agent serves `service` webhooks: the simulated agent dials the local server. */
test('a service webhook on a node is reached through its tunnel, with the caBundle and the service name checked', async () => {
  const node = await webhookNode(cluster, webhook.port);
  const { calls } = node;
  try {
    assert.equal((await cluster.api('POST', '/api/v1/namespaces', { body: { metadata: { name: 'demo' } } })).status, 201);
    for (const name of ['webhook', 'other']) await serviceOnNode(cluster, 'demo', name);
    const service = (name: string) => ({ service: { namespace: 'demo', name, path: '/deny-label' }, caBundle: webhook.caBundle });
    const un = await register('validating', 'laptop', [
      hook('pods.demo.example', '/deny-label', { clientConfig: service('webhook'), objectSelector: { matchLabels: { t: 'laptop' } } }),
      hook('misnamed.demo.example', '/deny-label', { clientConfig: service('other'), objectSelector: { matchLabels: { t: 'misnamed' } } }),
    ]);
    const run = await cluster.kubectl(['run', 'y', '--image=nginx:1.30-alpine', '--labels=interdit=oui,t=laptop']);
    assert.notEqual(run.code, 0);
    assert.equal(run.stderr.trim(), 'Error from server (Forbidden): pods "y" is forbidden: admission webhook "pods.demo.example" denied the request: the label interdit=oui is not allowed here');
    assert.deepEqual({ host: calls[0].host, port: calls[0].port, path: calls[0].path, serverName: calls[0].serverName }, { host: '192.0.2.10', port: 8443, path: '/deny-label?timeout=10s', serverName: 'webhook.demo.svc' });
    assert.equal((await createPod(pod('allowed', { t: 'laptop' }))).status, 201);

    const misnamed = await createPod(pod('misnamed', { t: 'misnamed' }));
    assert.equal(misnamed.status, 500);
    assert.equal(misnamed.json.message, 'Internal error occurred: failed calling webhook "misnamed.demo.example": failed to call webhook: Post "https://other.demo.svc:443/deny-label?timeout=10s": tls: failed to verify certificate: x509: certificate is valid for webhook.demo.svc, not other.demo.svc');
    await un();
  } finally {
    node.close();
  }
});
