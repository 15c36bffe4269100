/** core/v1 nodes (cluster-scoped; the node-agent writes status through nodes/status). */
import { node, type Node, type Taint } from '../../../../lib/api/core/node.ts';
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import { age, ageColumn, column, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';
import { labelValue, qualifiedName } from '../validation.ts';

const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const ROLE_PREFIX = 'node-role.kubernetes.io/';
const ROLE_LABEL = 'kubernetes.io/role';

/** Go's %#v of a Taint, as duplicate-taint errors print it. */
const taintValue = (t: Taint) =>
  `core.Taint{Key:${JSON.stringify(t.key ?? '')}, Value:${JSON.stringify(t.value ?? '')}, Effect:${JSON.stringify(t.effect ?? '')}, TimeAdded:(*v1.Time)(nil)}`;

function validateTaints(taints: Taint[] | undefined): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (taints ?? []).forEach((t, i) => {
    const at = `spec.taints[${i}]`;
    for (const m of qualifiedName(t.key ?? '')) errs.push(fieldErr.invalid(`${at}.key`, t.key ?? '', m));
    const valueErrs = labelValue(t.value ?? '');
    if (valueErrs.length) errs.push(fieldErr.invalid(`${at}.value`, t.value ?? '', valueErrs.join(';')));
    if (!t.effect) errs.push(fieldErr.required(`${at}.effect`));
    else if (!EFFECTS.includes(t.effect)) errs.push(fieldErr.notSupported(`${at}.effect`, t.effect, EFFECTS));
    const key = `${t.effect}\u0000${t.key}`;
    if (seen.has(key))
      errs.push({ type: 'FieldValueDuplicate', field: at, body: `Duplicate value: ${taintValue(t)}: taints must be unique by key and effect pair` });
    seen.add(key);
  });
  return errs;
}

/** podCIDR and providerID may be set once, never changed. */
function validateSetOnce(n: Node, old: Node): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of ['podCIDR', 'providerID'] as const) {
    const before = old.spec?.[f] ?? '';
    if (before && (n.spec?.[f] ?? '') !== before) errs.push(fieldErr.forbidden(`spec.${f}`, `node updates may not change ${f} except from "" to valid`));
  }
  return errs;
}

/** Ready / NotReady / Unknown, then SchedulingDisabled (printers.md §2.11). */
export function nodeStatusCell(n: Node): string {
  const ready = (n.status?.conditions ?? []).filter((c) => c.type === 'Ready').at(-1);
  const parts = [ready ? (ready.status === 'True' ? 'Ready' : 'NotReady') : 'Unknown'];
  if (n.spec?.unschedulable) parts.push('SchedulingDisabled');
  return parts.join(',');
}

export function nodeRoles(n: Node): string {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(n.metadata.labels ?? {})) {
    if (k.startsWith(ROLE_PREFIX) && k.length > ROLE_PREFIX.length) roles.add(k.slice(ROLE_PREFIX.length));
    else if (k === ROLE_LABEL && v) roles.add(v);
  }
  return roles.size ? [...roles].sort().join(',') : '<none>';
}

const address = (n: Node, type: string) => n.status?.addresses?.find((a) => a.type === type)?.address ?? '<none>';

const desc: KindDescriptor<Node> = {
  group: '',
  version: 'v1',
  kind: 'Node',
  resource: 'nodes',
  singular: 'node',
  namespaced: false,
  shortNames: ['no'],
  schema: node,
  openapiName: 'io.k8s.api.core.v1.Node',
  subresources: { status: true },
  nameRule: 'subdomain',

  defaults(n) {
    // SetDefaults_NodeStatus: allocatable falls back to capacity
    if (n.status?.capacity && !n.status.allocatable) n.status.allocatable = { ...n.status.capacity };
  },
  validate: (n) => validateTaints(n.spec?.taints),
  validateUpdate: validateSetOnce,

  table: {
    columns: [
      nameColumn,
      column('Status', 'string', 'The status of the node'),
      column('Roles', 'string', 'The roles of the node'),
      ageColumn,
      column('Version', 'string', 'Kubelet Version reported by the node.'),
      column('Internal-IP', 'string', 'List of addresses reachable to the node.', 1),
      column('External-IP', 'string', 'List of addresses reachable to the node.', 1),
      column('OS-Image', 'string', 'OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).', 1),
      column('Kernel-Version', 'string', "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).", 1),
      column('Container-Runtime', 'string', 'Container runtime version reported by the node through runtime remote API (e.g. containerd://1.4.2).', 1),
    ],
    cells: (n, now) => {
      const info = n.status?.nodeInfo;
      return [
        n.metadata.name,
        nodeStatusCell(n),
        nodeRoles(n),
        age(n.metadata.creationTimestamp, now),
        info?.kubeletVersion ?? '',
        address(n, 'InternalIP'),
        address(n, 'ExternalIP'),
        info?.osImage || '<unknown>',
        info?.kernelVersion || '<unknown>',
        info?.containerRuntimeVersion || '<unknown>',
      ];
    },
  },
  fieldSelectors: { 'spec.unschedulable': (n) => String(!!n.spec?.unschedulable) },
};

export default desc;
