/**
 * ValidatingAdmissionPolicy with the real kubectl: the issue's `object.spec.replicas <= 5`
 * refusing `kubectl create deployment --replicas=6` with Kubernetes' text, a ConfigMap param with
 * variables and messageExpression, namespaceSelector, matchConditions, Warn and Audit actions,
 * DELETE, compile errors at creation, and the Tables.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCluster } from '../support/cluster.ts';
import { until } from '../support/until.ts';

const cluster = useCluster();

async function ok(args: string[], input?: string): Promise<string> {
  const r = await cluster.kubectl(args, input === undefined ? undefined : { input });
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

const apply = (yaml: string) => ok(['apply', '-f', '-'], yaml);

/** Retries `fn` until it returns true (policies reach other isolates within 250 ms). */

const policy = (name: string, spec: string) => `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: ${name}
spec:
${spec}`;

const binding = (name: string, spec: string) => `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata:
  name: ${name}
spec:
${spec}`;

const deploymentRules = `  matchConstraints:
    resourceRules:
    - apiGroups: ["apps"]
      apiVersions: ["v1"]
      operations: ["CREATE", "UPDATE"]
      resources: ["deployments"]`;

/** ConfigMap creations in one namespace */
const configMapCreates = (namespace: string) => `  matchConstraints:
    resourceRules:
    - apiGroups: [""]
      apiVersions: ["v1"]
      operations: ["CREATE"]
      resources: ["configmaps"]
    namespaceSelector:
      matchLabels:
        kubernetes.io/metadata.name: ${namespace}`;

test('object.spec.replicas <= 5 refuses kubectl create deployment --replicas=6 with Kubernetes text; 5 passes; updates too', async () => {
  await ok(['create', 'namespace', 'vap-a']);
  await apply(policy('max-replicas', `${deploymentRules}
  validations:
  - expression: "object.spec.replicas <= 5"`));
  await apply(binding('max-replicas-binding', `  policyName: max-replicas
  validationActions: [Deny]
  matchResources:
    namespaceSelector:
      matchLabels:
        kubernetes.io/metadata.name: vap-a`));

  let refused = { code: 0, stdout: '', stderr: '' };
  await until('the policy to apply', async () => {
    refused = await cluster.kubectl(['-n', 'vap-a', 'create', 'deployment', 'big', '--image=nginx:1.27-alpine', '--replicas=6']);
    return refused.code !== 0;
  });
  assert.equal(
    refused.stderr.trim(),
    `error: failed to create deployment: deployments.apps "big" is forbidden: ValidatingAdmissionPolicy 'max-replicas' with binding 'max-replicas-binding' denied request: failed expression: object.spec.replicas <= 5`,
  );
  await ok(['-n', 'vap-a', 'create', 'deployment', 'small', '--image=nginx:1.27-alpine', '--replicas=5']);

  // the status: 422 Invalid, the message repeated as a cause
  const body = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'raw' }, spec: { replicas: 9, selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };
  const r = await cluster.api('POST', '/apis/apps/v1/namespaces/vap-a/deployments', { body });
  assert.equal(r.status, 422);
  assert.equal(r.json.reason, 'Invalid');
  assert.equal(r.json.details.causes[0].message, `ValidatingAdmissionPolicy 'max-replicas' with binding 'max-replicas-binding' denied request: failed expression: object.spec.replicas <= 5`);

  const patched = await cluster.kubectl(['-n', 'vap-a', 'patch', 'deployment', 'small', '-p', '{"spec":{"replicas":8}}']);
  assert.equal(patched.code, 1);
  // kubectl prints a 422 from its causes, whose field is empty: Kubernetes' own text
  assert.equal(patched.stderr.trim(), `The deployments "small" is invalid: : ValidatingAdmissionPolicy 'max-replicas' with binding 'max-replicas-binding' denied request: failed expression: object.spec.replicas <= 5`);

  // another namespace is not selected by the binding
  await ok(['create', 'namespace', 'vap-other']);
  await ok(['-n', 'vap-other', 'create', 'deployment', 'big', '--image=nginx:1.27-alpine', '--replicas=6']);

  const table = await ok(['get', 'validatingadmissionpolicies']);
  assert.match(table, /^NAME\s+VALIDATIONS\s+PARAMKIND\s+AGE$/m);
  assert.match(table, /^max-replicas\s+1\s+<unset>\s+\S+$/m);
  const btable = await ok(['get', 'validatingadmissionpolicybindings']);
  assert.match(btable, /^NAME\s+POLICYNAME\s+PARAMREF\s+AGE$/m);
  assert.match(btable, /^max-replicas-binding\s+max-replicas\s+<unset>\s+\S+$/m);
  await ok(['delete', 'validatingadmissionpolicybinding', 'max-replicas-binding']);
});

test('a ConfigMap param, variables and messageExpression; a missing param with parameterNotFoundAction Deny', async () => {
  await ok(['create', 'namespace', 'vap-b']);
  await ok(['label', 'namespace', 'vap-b', 'limits=on']);
  await apply(policy('replicas-from-param', `  paramKind:
    apiVersion: v1
    kind: ConfigMap
${deploymentRules}
  variables:
  - name: max
    expression: "int(params.data.maxReplicas)"
  validations:
  - expression: "object.spec.replicas <= variables.max"
    messageExpression: "'replicas must be at most ' + string(variables.max) + ', not ' + string(object.spec.replicas)"
    reason: Forbidden`));
  await apply(binding('replicas-from-param', `  policyName: replicas-from-param
  validationActions: [Deny]
  paramRef:
    name: replica-limits
    namespace: vap-b
    parameterNotFoundAction: Deny
  matchResources:
    namespaceSelector:
      matchLabels:
        limits: "on"`));

  let missing = { code: 0, stdout: '', stderr: '' };
  await until('the binding to apply', async () => {
    missing = await cluster.kubectl(['-n', 'vap-b', 'create', 'deployment', 'one', '--image=nginx:1.27-alpine']);
    return missing.code !== 0;
  });
  assert.equal(
    missing.stderr.trim(),
    "error: failed to create deployment: deployments.apps \"one\" is forbidden: ValidatingAdmissionPolicy 'replicas-from-param' with binding 'replicas-from-param' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction",
  );

  await ok(['-n', 'vap-b', 'create', 'configmap', 'replica-limits', '--from-literal=maxReplicas=3']);
  await ok(['-n', 'vap-b', 'create', 'deployment', 'one', '--image=nginx:1.27-alpine', '--replicas=3']);
  const refused = await cluster.kubectl(['-n', 'vap-b', 'create', 'deployment', 'two', '--image=nginx:1.27-alpine', '--replicas=4']);
  assert.equal(refused.code, 1);
  assert.equal(
    refused.stderr.trim(),
    `error: failed to create deployment: deployments.apps "two" is forbidden: ValidatingAdmissionPolicy 'replicas-from-param' with binding 'replicas-from-param' denied request: replicas must be at most 3, not 4`,
  );
  // the validation's reason sets the code
  const r = await cluster.api('PATCH', '/apis/apps/v1/namespaces/vap-b/deployments/one', { body: { spec: { replicas: 4 } }, contentType: 'application/merge-patch+json' });
  assert.equal(r.status, 403);
  assert.equal(r.json.reason, 'Forbidden');

  const table = await ok(['get', 'validatingadmissionpolicy', 'replicas-from-param']);
  assert.match(table, /^replicas-from-param\s+1\s+v1\/ConfigMap\s+\S+$/m);
  assert.match(await ok(['get', 'validatingadmissionpolicybinding', 'replicas-from-param']), /^replicas-from-param\s+replicas-from-param\s+vap-b\/replica-limits\s+\S+$/m);
  await ok(['delete', 'validatingadmissionpolicybinding', 'replicas-from-param']);
});

test('Warn and Audit admit the request; Warn is a Warning kubectl prints; matchConditions skip objects', async () => {
  await ok(['create', 'namespace', 'vap-c']);
  await apply(policy('labels-wanted', `${configMapCreates('vap-c')}
  matchConditions:
  - name: not-exempt
    expression: "!has(object.metadata.labels) || !('exempt' in object.metadata.labels)"
  validations:
  - expression: "has(object.metadata.labels) && 'team' in object.metadata.labels"
    message: "every ConfigMap needs a team label"`));
  await apply(binding('labels-wanted', `  policyName: labels-wanted
  validationActions: [Warn, Audit]`));

  let created = { code: 1, stdout: '', stderr: '' };
  await until('the warning', async () => {
    await cluster.kubectl(['-n', 'vap-c', 'delete', 'configmap', 'nolabel', '--ignore-not-found']);
    created = await cluster.kubectl(['-n', 'vap-c', 'create', 'configmap', 'nolabel']);
    return created.stderr.includes('Warning');
  });
  assert.equal(created.code, 0);
  assert.equal(created.stderr.trim(), "Warning: Validation failed for ValidatingAdmissionPolicy 'labels-wanted' with binding 'labels-wanted': every ConfigMap needs a team label");

  const labelled = await cluster.kubectl(['-n', 'vap-c', 'create', '-f', '-'], { input: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: labelled\n  labels:\n    team: a\n' });
  assert.equal(labelled.code, 0);
  assert.equal(labelled.stderr, '');
  const exempt = await cluster.kubectl(['-n', 'vap-c', 'create', '-f', '-'], { input: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: exempt\n  labels:\n    exempt: "yes"\n' });
  assert.equal(exempt.code, 0);
  assert.equal(exempt.stderr, '');
  await ok(['delete', 'validatingadmissionpolicybinding', 'labels-wanted']);
});

test('DELETE is admitted by policies: a protected ConfigMap cannot be deleted', async () => {
  await ok(['create', 'namespace', 'vap-d']);
  await apply(policy('keep-protected', `  matchConstraints:
    resourceRules:
    - apiGroups: [""]
      apiVersions: ["v1"]
      operations: ["DELETE"]
      resources: ["configmaps"]
    objectSelector:
      matchLabels:
        protected: "yes"
  validations:
  - expression: "request.operation != 'DELETE' || object == null && oldObject.metadata.name == ''"
    messageExpression: "'ConfigMap ' + oldObject.metadata.name + ' is protected'"`));
  await apply(binding('keep-protected', `  policyName: keep-protected
  validationActions: [Deny]`));
  await ok(['-n', 'vap-d', 'create', 'configmap', 'keep']);
  await ok(['-n', 'vap-d', 'label', 'configmap', 'keep', 'protected=yes']);
  await ok(['-n', 'vap-d', 'create', 'configmap', 'free']);
  let refused = { code: 0, stdout: '', stderr: '' };
  await until('the policy', async () => {
    refused = await cluster.kubectl(['-n', 'vap-d', 'delete', 'configmap', 'keep']);
    return refused.code !== 0;
  });
  // kubectl prints a 422 from its causes, whose field is empty: Kubernetes' own odd text
  assert.equal(refused.stderr.trim(), `The configmaps "keep" is invalid: : ValidatingAdmissionPolicy 'keep-protected' with binding 'keep-protected' denied request: ConfigMap keep is protected`);
  await ok(['-n', 'vap-d', 'delete', 'configmap', 'free']);
  await ok(['delete', 'validatingadmissionpolicybinding', 'keep-protected']);
});

test('expressions are compiled at creation: errors with their field paths', async () => {
  const bad = policy('bad', `${deploymentRules}
  validations:
  - expression: "object.spec.replicas <= maxReplicas"
  - expression: "object.spec.replicas"
  - expression: "'a' + 1 == 'a1'"`);
  const r = await cluster.kubectl(['apply', '-f', '-'], { input: bad });
  assert.equal(r.code, 1);
  assert.equal(
    r.stderr.trim(),
    `The ValidatingAdmissionPolicy "bad" is invalid: \n` +
      `* spec.validations[0].expression: Invalid value: "object.spec.replicas <= maxReplicas": compilation failed: ERROR: <input>:1:25: undeclared reference to 'maxReplicas' (in container '')\n` +
      ` | object.spec.replicas <= maxReplicas\n` +
      ` | ........................^\n` +
      `* spec.validations[1].expression: Invalid value: "object.spec.replicas": must evaluate to bool but got dyn\n` +
      `* spec.validations[2].expression: Invalid value: "'a' + 1 == 'a1'": compilation failed: ERROR: <input>:1:5: found no matching overload for '_+_' applied to '(string, int)'\n` +
      ` | 'a' + 1 == 'a1'\n` +
      ` | ....^`,
  );
  const binding2 = await cluster.kubectl(['apply', '-f', '-'], { input: binding('b', '  policyName: x\n  validationActions: [Deny, Warn]') });
  assert.equal(binding2.code, 1);
  assert.equal(
    binding2.stderr.trim(),
    'The ValidatingAdmissionPolicyBinding "b" is invalid: spec.validationActions: Invalid value: []admissionregistration.ValidationAction{"Deny", "Warn"}: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
  );
});

test('a custom resource as the param (paramKind of a CRD); a version its CRD does not serve is refused', async () => {
  await apply(`apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: replicalimits.rules.example.com
spec:
  group: rules.example.com
  scope: Namespaced
  names: { plural: replicalimits, singular: replicalimit, kind: ReplicaLimit }
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          maxReplicas: { type: integer }`);
  await ok(['wait', '--for=condition=Established', 'crd/replicalimits.rules.example.com', '--timeout=20s']);
  await ok(['create', 'namespace', 'vap-e']);
  await apply(`apiVersion: rules.example.com/v1
kind: ReplicaLimit
metadata:
  name: limit
  namespace: vap-e
maxReplicas: 2`);
  const withParam = (name: string, apiVersion: string) =>
    policy(name, `  paramKind:
    apiVersion: ${apiVersion}
    kind: ReplicaLimit
${deploymentRules}
  validations:
  - expression: "object.spec.replicas <= params.maxReplicas"
    messageExpression: "'at most ' + string(params.maxReplicas) + ' replicas'"`);
  const bindTo = (name: string) =>
    binding(name, `  policyName: ${name}
  validationActions: [Deny]
  paramRef:
    name: limit
    parameterNotFoundAction: Deny
  matchResources:
    namespaceSelector:
      matchLabels:
        kubernetes.io/metadata.name: vap-e`);
  await apply(withParam('limit-from-crd', 'rules.example.com/v1'));
  await apply(bindTo('limit-from-crd'));

  let refused = { code: 0, stdout: '', stderr: '' };
  await until('the policy to apply', async () => {
    refused = await cluster.kubectl(['-n', 'vap-e', 'create', 'deployment', 'three', '--image=nginx:1.27-alpine', '--replicas=3']);
    return refused.code !== 0;
  });
  assert.equal(
    refused.stderr.trim(),
    `error: failed to create deployment: deployments.apps "three" is forbidden: ValidatingAdmissionPolicy 'limit-from-crd' with binding 'limit-from-crd' denied request: at most 2 replicas`,
  );
  await ok(['-n', 'vap-e', 'create', 'deployment', 'two', '--image=nginx:1.27-alpine', '--replicas=2']);
  await ok(['delete', 'validatingadmissionpolicybinding', 'limit-from-crd']);

  // v2 is not served: the policy cannot be configured (no binding named), and its failurePolicy (Fail) refuses
  await apply(withParam('limit-v2', 'rules.example.com/v2'));
  await apply(bindTo('limit-v2'));
  await until('the unservable param to refuse', async () => {
    refused = await cluster.kubectl(['-n', 'vap-e', 'create', 'deployment', 'one', '--image=nginx:1.27-alpine', '--replicas=1']);
    return refused.code !== 0;
  });
  assert.equal(
    refused.stderr.trim(),
    `error: failed to create deployment: deployments.apps "one" is forbidden: ValidatingAdmissionPolicy 'limit-v2' denied request: failed to configure policy: failed to find resource referenced by paramKind: 'rules.example.com/v2, Kind=ReplicaLimit'`,
  );
  await ok(['delete', 'validatingadmissionpolicybinding', 'limit-v2']);
});

test("optional values in a policy: the namespace's team label or 'none'", async () => {
  await ok(['create', 'namespace', 'vap-f']);
  await apply(policy('team-wanted', `${configMapCreates('vap-f')}
  variables:
  - name: team
    expression: "namespaceObject.metadata.?labels.team.orValue('none')"
  validations:
  - expression: "variables.team != 'none' || object.metadata.?labels[?'team'].hasValue()"
    messageExpression: "'no team for ' + object.metadata.name + ' in a namespace of team ' + variables.team"`));
  await apply(binding('team-wanted', `  policyName: team-wanted
  validationActions: [Deny]`));
  let refused = { code: 0, stdout: '', stderr: '' };
  await until('the policy to apply', async () => {
    refused = await cluster.kubectl(['-n', 'vap-f', 'create', 'configmap', 'anon']);
    return refused.code !== 0;
  });
  assert.equal(refused.stderr.trim(), `error: failed to create configmap: configmaps "anon" is forbidden: ValidatingAdmissionPolicy 'team-wanted' with binding 'team-wanted' denied request: no team for anon in a namespace of team none`);
  await ok(['-n', 'vap-f', 'create', '-f', '-'], 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: labelled\n  labels:\n    team: red\n');
  await ok(['label', 'namespace', 'vap-f', 'team=blue']);
  await ok(['-n', 'vap-f', 'create', 'configmap', 'anon']);
  await ok(['delete', 'validatingadmissionpolicybinding', 'team-wanted']);
});
