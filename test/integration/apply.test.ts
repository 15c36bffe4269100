/**
 * The chapter's server-side apply section and the rest of its kubectl session, with the real
 * kubectl: field managers and conflicts, a server dry-run showing every default and admission
 * change, explain from the OpenAPI documents, and `auth whoami` / `auth can-i`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { useCluster } from '../support/cluster.ts';

const cluster = useCluster();
const NS = 'ch34';

const vitrine = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: vitrine
spec:
  replicas: 2
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
        image: registry.k8s.io/e2e-test-images/agnhost:2.61
        args: ["netexec", "--http-port=8080"]
        resources:
          requests:
            cpu: 50m
            memory: 32Mi
`;

const podNu = `apiVersion: v1
kind: Pod
metadata:
  name: nu
spec:
  containers:
  - name: c
    image: registry.k8s.io/e2e-test-images/agnhost:2.61
`;

/** `kubectl get deploy vitrine --show-managed-fields -o yaml | sed -n '/managedFields:/,/time:/p'`, as the chapter prints it. */
const CHAPTER_MANAGED_FIELDS = `  managedFields:
  - apiVersion: apps/v1
    fieldsType: FieldsV1
    fieldsV1:
      f:spec:
        f:replicas: {}
        f:selector: {}
        f:template:
          f:metadata:
            f:labels:
              f:app: {}
          f:spec:
            f:containers:
              k:{"name":"web"}:
                .: {}
                f:args: {}
                f:image: {}
                f:name: {}
                f:resources:
                  f:requests:
                    f:cpu: {}
                    f:memory: {}
    manager: equipe-web
    operation: Apply
    time: "<time>"`;

const CHAPTER_CONFLICT = `error: Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas
Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the \`--force-conflicts\` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts`;

/** `sed -n '/^spec:/,$p' rendu.yaml` in the chapter; the volume's 5-letter suffix is random. */
const CHAPTER_DRY_RUN_SPEC = `spec:
  containers:
  - image: registry.k8s.io/e2e-test-images/agnhost:2.61
    imagePullPolicy: IfNotPresent
    name: c
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: kube-api-access-75xck
      readOnly: true
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
  preemptionPolicy: PreemptLowerPriority
  priority: 0
  restartPolicy: Always
  schedulerName: default-scheduler
  securityContext: {}
  serviceAccount: default
  serviceAccountName: default
  terminationGracePeriodSeconds: 30
  tolerations:
  - effect: NoExecute
    key: node.kubernetes.io/not-ready
    operator: Exists
    tolerationSeconds: 300
  - effect: NoExecute
    key: node.kubernetes.io/unreachable
    operator: Exists
    tolerationSeconds: 300
  volumes:
  - name: kube-api-access-75xck
    projected:
      defaultMode: 420
      sources:
      - serviceAccountToken:
          expirationSeconds: 3607
          path: token
      - configMap:
          items:
          - key: ca.crt
            path: ca.crt
          name: kube-root-ca.crt
      - downwardAPI:
          items:
          - fieldRef:
              apiVersion: v1
              fieldPath: metadata.namespace
            path: namespace
status:
  phase: Pending
  qosClass: BestEffort`;

async function ok(args: string[]) {
  const r = await cluster.kubectl(args);
  assert.equal(r.code, 0, `kubectl ${args.join(' ')}:\n${r.stderr}\n${r.stdout}`);
  return r.stdout;
}

/** The deployment's managers as the chapter's jq prints them: {manager, operation, subresource}. */
async function managers() {
  const d = JSON.parse(await ok(['get', 'deploy', 'vitrine', '--show-managed-fields', '-o', 'json']));
  return d.metadata.managedFields.map((m: any) => ({ manager: m.manager, operation: m.operation, subresource: m.subresource ?? null }));
}

/** The chapter also shows the Deployment controller's status writes; they come and go with it. */
const withoutStatusWriters = (ms: { manager: string; subresource: string | null }[]) => {
  for (const m of ms.filter((x) => x.subresource === 'status')) assert.equal(m.manager, 'kube-controller-manager');
  return ms.filter((m) => m.subresource !== 'status');
};

test('the chapter\'s namespace', async () => {
  assert.equal((await ok(['create', 'namespace', NS])).trim(), `namespace/${NS} created`);
  await ok(['config', 'set-context', '--current', `--namespace=${NS}`]);
});

test('server-side apply records exactly the fields of the file under its manager', async () => {
  const file = join(cluster.dir, 'vitrine.yaml');
  await writeFile(file, vitrine);
  assert.equal((await ok(['apply', '--server-side', '--field-manager=equipe-web', '-f', file])).trim(), 'deployment.apps/vitrine serverside-applied');

  const yaml = await ok(['get', 'deploy', 'vitrine', '--show-managed-fields', '-o', 'yaml']);
  const lines = yaml.split('\n');
  const from = lines.findIndex((l) => /managedFields:/.test(l));
  const to = lines.findIndex((l, i) => i > from && /time:/.test(l));
  assert.ok(from >= 0 && to > from, yaml);
  const block = lines.slice(from, to + 1).join('\n');
  const time = /time: "(.*)"$/.exec(lines[to])![1];
  assert.match(time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  assert.equal(block, CHAPTER_MANAGED_FIELDS.replace('<time>', time));

  // the defaults the server added are not the manager's: it owns what it wrote, nothing more
  const d = parse(yaml);
  assert.equal(d.spec.strategy.type, 'RollingUpdate');
  assert.equal(d.spec.template.spec.containers[0].imagePullPolicy, 'IfNotPresent');
  assert.deepEqual(withoutStatusWriters(await managers()), [{ manager: 'equipe-web', operation: 'Apply', subresource: null }]);
});

test('kubectl scale takes spec.replicas; re-applying the file is a conflict naming its owner', async () => {
  assert.equal((await ok(['scale', 'deploy', 'vitrine', '--replicas=4'])).trim(), 'deployment.apps/vitrine scaled');
  assert.deepEqual(withoutStatusWriters(await managers()), [
    { manager: 'equipe-web', operation: 'Apply', subresource: null },
    { manager: 'kubectl', operation: 'Update', subresource: 'scale' },
  ]);

  const file = join(cluster.dir, 'vitrine.yaml');
  const r = await cluster.kubectl(['apply', '--server-side', '--field-manager=equipe-web', '-f', file]);
  assert.equal(r.code, 1, r.stdout);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr.trim(), CHAPTER_CONFLICT);
  assert.equal(await ok(['get', 'deploy', 'vitrine', '-o', 'jsonpath={.spec.replicas}']), '4', 'a refused apply changes nothing');
});

test('--force-conflicts takes the field back: replicas 2, kubectl no longer a manager', async () => {
  const file = join(cluster.dir, 'vitrine.yaml');
  assert.equal((await ok(['apply', '--server-side', '--field-manager=equipe-web', '--force-conflicts', '-f', file])).trim(), 'deployment.apps/vitrine serverside-applied');
  assert.equal(await ok(['get', 'deploy', 'vitrine', '-o', 'jsonpath={.spec.replicas}{"\\n"}']), '2\n');
  assert.deepEqual(withoutStatusWriters(await managers()), [{ manager: 'equipe-web', operation: 'Apply', subresource: null }]);
  // applying the same file again writes nothing: equipe-web's entry and the generation stay as
  // they were (the controllers may still write the status meanwhile; that is not the apply's)
  const before = await applied();
  assert.equal((await ok(['apply', '--server-side', '--field-manager=equipe-web', '-f', file])).trim(), 'deployment.apps/vitrine serverside-applied');
  assert.deepEqual(await applied(), before);
});

/** The deployment's generation and equipe-web's managedFields entry (its time says when it last wrote). */
async function applied(): Promise<unknown> {
  const d = JSON.parse(await ok(['get', 'deploy', 'vitrine', '-o', 'json', '--show-managed-fields']));
  return { generation: d.metadata.generation, entry: d.metadata.managedFields.find((m: { manager: string }) => m.manager === 'equipe-web') };
}

test('apply --dry-run=server -o yaml shows the defaulted, admitted pod and creates nothing', async () => {
  const file = join(cluster.dir, 'pod-nu.yaml');
  await writeFile(file, podNu);
  const rendered = await ok(['apply', '-f', file, '--dry-run=server', '-o', 'yaml']);
  const lines = rendered.replace(/\n$/, '').split('\n');
  const spec = lines.slice(lines.indexOf('spec:'));
  const expected = CHAPTER_DRY_RUN_SPEC.split('\n');
  const suffix = /kube-api-access-([a-z0-9]{5})$/.exec(spec.find((l) => l.includes('kube-api-access-')) ?? '')?.[1];
  assert.ok(suffix, rendered);
  assert.match(suffix, /^[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  assert.deepEqual(spec, expected.map((l) => l.replace('kube-api-access-75xck', `kube-api-access-${suffix}`)));
  // metadata: kubectl's last-applied annotation, then what the server set. (The chapter's
  // rendu.yaml has 64 lines, one more, all in metadata since its spec section is the same: its
  // cluster was newer than 1.32, whose pods have no metadata.generation; unverified.)
  assert.equal(lines.length, 63, rendered);
  const pod = parse(rendered);
  assert.deepEqual(Object.keys(pod.metadata).sort(), ['annotations', 'creationTimestamp', 'name', 'namespace', 'uid']);
  assert.equal(pod.metadata.namespace, NS);

  const get = await cluster.kubectl(['get', 'pod', 'nu']);
  assert.equal(get.code, 1);
  assert.equal(get.stderr.trim(), 'Error from server (NotFound): pods "nu" not found');
});

test('kubectl explain pods.spec and deployments.spec.strategy print their fields', async () => {
  const pods = await ok(['explain', 'pods.spec']);
  assert.match(pods, /^KIND:\s+Pod$/m);
  assert.match(pods, /^VERSION:\s+v1$/m);
  assert.match(pods, /^FIELD:\s+spec <PodSpec>$/m);
  assert.match(pods, /^DESCRIPTION:\n {4}\S/m);
  assert.match(pods, /^FIELDS:$/m);
  const podFields = fieldsOf(pods);
  for (const [name, type] of [
    ['containers', '[]Container'],
    ['initContainers', '[]Container'],
    ['restartPolicy', 'string'],
    ['terminationGracePeriodSeconds', 'integer'],
    ['nodeSelector', 'map[string]string'],
    ['tolerations', '[]Toleration'],
    ['volumes', '[]Volume'],
    ['serviceAccountName', 'string'],
    ['enableServiceLinks', 'boolean'],
  ])
    assert.match(podFields.get(name) ?? '', new RegExp(`^<${type.replace(/[[\]]/g, '\\$&')}>`), `pods.spec.${name}: ${podFields.get(name)}`);
  assert.ok(podFields.size >= 35, `${podFields.size} fields`);

  const strategy = await ok(['explain', 'deployments.spec.strategy']);
  assert.match(strategy, /^GROUP:\s+apps$/m);
  assert.match(strategy, /^KIND:\s+Deployment$/m);
  assert.match(strategy, /^VERSION:\s+v1$/m);
  assert.match(strategy, /^FIELD:\s+strategy <\w+>$/m);
  assert.match(strategy, /^DESCRIPTION:\n {4}\S/m);
  const strategyFields = fieldsOf(strategy);
  assert.deepEqual([...strategyFields.keys()], ['rollingUpdate', 'type']);
  assert.match(strategyFields.get('rollingUpdate')!, /^<\w+>$/);
  assert.equal(strategyFields.get('type'), '<string>');
  const rolling = fieldsOf(await ok(['explain', 'deployments.spec.strategy.rollingUpdate']));
  assert.deepEqual([...rolling.entries()], [['maxSurge', '<IntOrString>'], ['maxUnavailable', '<IntOrString>']]);
});

/** The FIELDS section of `kubectl explain`: name → `<type>[ -required-]`. */
function fieldsOf(explain: string): Map<string, string> {
  const section = explain.slice(explain.indexOf('\nFIELDS:\n'));
  return new Map([...section.matchAll(/^ {2}(\w+)\t(<.*>(?: -required-)?)$/gm)].map((m) => [m[1], m[2]]));
}

test('kubectl auth whoami and auth can-i', async () => {
  const whoami = await ok(['auth', 'whoami']);
  assert.match(whoami, /^ATTRIBUTE\s+VALUE$/m);
  assert.match(whoami, /^Username\s+admin$/m);
  assert.match(whoami, /^Groups\s+\[system:masters system:authenticated\]$/m);
  assert.equal((await ok(['auth', 'can-i', 'list', 'pods'])).trim(), 'yes');
  assert.equal((await ok(['auth', 'can-i', 'delete', 'deployments.apps', '-n', 'kube-system'])).trim(), 'yes');
});
