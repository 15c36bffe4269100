/** Validation of a pod's placement fields: tolerations, affinity, topology spread, DNS, gates. */
import type { Affinity, PodSpec, Toleration } from '../../../../../lib/api/core/pod.ts';
import type { LabelSelector } from '../../../../../lib/api/meta.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { dns1123Subdomain, labelValue, qualifiedName, validateLabelSelector } from '../../validation.ts';
import { ipAddress, NOT_POSITIVE } from './messages.ts';

const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const SCHEDULE_ACTIONS = ['DoNotSchedule', 'ScheduleAnyway'];

const qualified = (v: string, at: string) => qualifiedName(v).map((m) => fieldErr.invalid(at, v, m));

/** Go's %#v of a core.Toleration, as the Exists-with-value error prints it. */
const goToleration = (t: Toleration) =>
  `core.Toleration{Key:${JSON.stringify(t.key ?? '')}, Operator:${JSON.stringify(t.operator ?? '')}, Value:${JSON.stringify(t.value ?? '')}, Effect:${JSON.stringify(t.effect ?? '')}, TolerationSeconds:${t.tolerationSeconds == null ? '(*int64)(nil)' : `(*int64)(${t.tolerationSeconds})`}}`;

export function validateTolerations(tolerations: Toleration[] | undefined, at: string): FieldError[] {
  const errs: FieldError[] = [];
  (tolerations ?? []).forEach((t, i) => {
    const p = `${at}[${i}]`;
    const key = t.key ?? '';
    const op = t.operator ?? '';
    if (key) errs.push(...qualified(key, `${p}.key`));
    if (!key && op !== 'Exists') errs.push(fieldErr.invalid(`${p}.operator`, op, 'operator must be Exists when `key` is empty, which means "match all values and all keys"'));
    if (t.tolerationSeconds != null && t.effect !== 'NoExecute') errs.push(fieldErr.invalid(`${p}.effect`, t.effect ?? '', "effect must be 'NoExecute' when `tolerationSeconds` is set"));
    if (op === 'Equal' || op === '') {
      const msgs = labelValue(t.value ?? '');
      if (msgs.length) errs.push(fieldErr.invalid(`${p}.operator`, t.value ?? '', msgs.join(';')));
    } else if (op === 'Exists') {
      if (t.value)
        errs.push({ type: 'FieldValueInvalid', field: `${p}.operator`, body: `Invalid value: ${goToleration(t)}: value must be empty when \`operator\` is 'Exists'` });
    } else errs.push(fieldErr.notSupported(`${p}.operator`, op, ['Equal', 'Exists']));
    if (t.effect && !EFFECTS.includes(t.effect)) errs.push(fieldErr.notSupported(`${p}.effect`, t.effect, EFFECTS));
  });
  return errs;
}

type Requirement = { key?: string; operator?: string; values?: string[] };
type Term = { matchExpressions?: Requirement[]; matchFields?: Requirement[] };

function validateNodeRequirement(rq: Requirement, at: string): FieldError[] {
  const errs: FieldError[] = [];
  const n = rq.values?.length ?? 0;
  switch (rq.operator) {
    case 'In':
    case 'NotIn':
      if (n === 0) errs.push(fieldErr.required(`${at}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case 'Exists':
    case 'DoesNotExist':
      if (n > 0) errs.push(fieldErr.forbidden(`${at}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    case 'Gt':
    case 'Lt':
      if (n !== 1) errs.push(fieldErr.required(`${at}.values`, "must be specified single value when `operator` is 'Lt' or 'Gt'"));
      break;
    default:
      errs.push(fieldErr.invalid(`${at}.operator`, rq.operator ?? '', 'not a valid selector operator'));
  }
  errs.push(...qualified(rq.key ?? '', `${at}.key`));
  return errs;
}

function validateNodeSelectorTerm(term: Term, at: string): FieldError[] {
  return [
    ...(term.matchExpressions ?? []).flatMap((rq, j) => validateNodeRequirement(rq, `${at}.matchExpressions[${j}]`)),
    ...(term.matchFields ?? []).flatMap((rq, j) => validateNodeRequirement(rq, `${at}.matchFields[${j}]`)),
  ];
}

const validateWeight = (w: number | undefined, at: string) => (w != null && w >= 1 && w <= 100 ? [] : [fieldErr.invalid(at, w ?? 0, 'must be in the range 1-100')]);

type PodTerm = { labelSelector?: unknown; namespaceSelector?: unknown; namespaces?: string[]; topologyKey?: string };
/** The schema types keep selector fields optional; validation reads them like meta's LabelSelector. */
const selector = (s: unknown) => s as LabelSelector | undefined;

function validatePodAffinityTerm(term: PodTerm, at: string): FieldError[] {
  const errs = [...validateLabelSelector(selector(term.labelSelector), `${at}.labelSelector`), ...validateLabelSelector(selector(term.namespaceSelector), `${at}.namespaceSelector`)];
  for (const ns of term.namespaces ?? []) for (const m of dns1123Subdomain(ns)) errs.push(fieldErr.invalid(`${at}.namespace`, ns, m));
  if (!term.topologyKey) errs.push(fieldErr.required(`${at}.topologyKey`, 'can not be empty'));
  else errs.push(...qualified(term.topologyKey, `${at}.topologyKey`));
  return errs;
}

export function validateAffinity(a: Affinity | undefined, at: string): FieldError[] {
  if (!a) return [];
  const errs: FieldError[] = [];
  const na = a.nodeAffinity;
  const required = na?.requiredDuringSchedulingIgnoredDuringExecution;
  if (required) {
    const rp = `${at}.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution`;
    if (!required.nodeSelectorTerms?.length) errs.push(fieldErr.required(`${rp}.nodeSelectorTerms`, 'must have at least one node selector term'));
    (required.nodeSelectorTerms ?? []).forEach((t, i) => errs.push(...validateNodeSelectorTerm(t, `${rp}.nodeSelectorTerms[${i}]`)));
  }
  (na?.preferredDuringSchedulingIgnoredDuringExecution ?? []).forEach((t, i) => {
    const p = `${at}.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[${i}]`;
    errs.push(...validateWeight(t.weight, `${p}.weight`), ...validateNodeSelectorTerm(t.preference ?? {}, `${p}.preference`));
  });
  for (const kind of ['podAffinity', 'podAntiAffinity'] as const) {
    const pa = a[kind];
    (pa?.requiredDuringSchedulingIgnoredDuringExecution ?? []).forEach((t, i) =>
      errs.push(...validatePodAffinityTerm(t, `${at}.${kind}.requiredDuringSchedulingIgnoredDuringExecution[${i}]`)),
    );
    (pa?.preferredDuringSchedulingIgnoredDuringExecution ?? []).forEach((t, i) => {
      const p = `${at}.${kind}.preferredDuringSchedulingIgnoredDuringExecution[${i}]`;
      errs.push(...validateWeight(t.weight, `${p}.weight`), ...validatePodAffinityTerm(t.podAffinityTerm ?? {}, `${p}.podAffinityTerm`));
    });
  }
  return errs;
}

export function validateTopologySpread(constraints: PodSpec['topologySpreadConstraints'], at: string): FieldError[] {
  const errs: FieldError[] = [];
  const list = constraints ?? [];
  list.forEach((c, i) => {
    const p = `${at}[${i}]`;
    if ((c.maxSkew ?? 0) <= 0) errs.push(fieldErr.invalid(`${p}.maxSkew`, c.maxSkew ?? 0, NOT_POSITIVE));
    if (!c.topologyKey) errs.push(fieldErr.required(`${p}.topologyKey`, 'can not be empty'));
    if (!SCHEDULE_ACTIONS.includes(c.whenUnsatisfiable ?? '')) errs.push(fieldErr.notSupported(`${p}.whenUnsatisfiable`, c.whenUnsatisfiable ?? '', SCHEDULE_ACTIONS));
    if (list.slice(i + 1).some((o) => o.topologyKey === c.topologyKey && o.whenUnsatisfiable === c.whenUnsatisfiable))
      errs.push(fieldErr.duplicate(`${p}.{topologyKey, whenUnsatisfiable}`, `{${c.topologyKey ?? ''}, ${c.whenUnsatisfiable ?? ''}}`));
    if (c.minDomains != null) {
      if (c.minDomains <= 0) errs.push(fieldErr.invalid(`${p}.minDomains`, c.minDomains, NOT_POSITIVE));
      else if (c.whenUnsatisfiable !== 'DoNotSchedule')
        errs.push(fieldErr.invalid(`${p}.minDomains`, c.minDomains, `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${c.whenUnsatisfiable ?? ''}`));
    }
    errs.push(...validateLabelSelector(selector(c.labelSelector), `${p}.labelSelector`));
  });
  return errs;
}

export function validateDNSConfig(spec: PodSpec, at: string): FieldError[] {
  const cfg = spec.dnsConfig;
  const none = spec.dnsPolicy === 'None';
  if (!cfg) return none ? [fieldErr.required(at, 'must provide `dnsConfig` when `dnsPolicy` is None')] : [];
  const errs: FieldError[] = [];
  const ns = cfg.nameservers ?? [];
  if (ns.length > 3) errs.push(fieldErr.invalid(`${at}.nameservers`, ns, 'must not have more than 3 nameservers'));
  ns.forEach((ip, i) => {
    for (const m of ipAddress(ip)) errs.push(fieldErr.invalid(`${at}.nameservers[${i}]`, ip, m));
  });
  if (none && ns.length === 0) errs.push(fieldErr.required(`${at}.nameservers`, 'must provide at least one DNS nameserver when `dnsPolicy` is None'));
  if ((cfg.searches ?? []).length > 32) errs.push(fieldErr.invalid(`${at}.searches`, cfg.searches, 'must not have more than 32 search paths'));
  (cfg.options ?? []).forEach((o, i) => {
    if (!o.name) errs.push(fieldErr.required(`${at}.options[${i}]`, 'Option.Name must not be empty'));
  });
  return errs;
}

export function validateHostAliases(aliases: PodSpec['hostAliases'], at: string): FieldError[] {
  const errs: FieldError[] = [];
  (aliases ?? []).forEach((a, i) => {
    for (const m of ipAddress(a.ip ?? '')) errs.push(fieldErr.invalid(`${at}[${i}].ip`, a.ip ?? '', m));
    (a.hostnames ?? []).forEach((h, j) => {
      for (const m of dns1123Subdomain(h)) errs.push(fieldErr.invalid(`${at}[${i}].hostnames[${j}]`, h, m));
    });
  });
  return errs;
}

export function validateGates(spec: PodSpec, at: string): FieldError[] {
  const errs: FieldError[] = [];
  (spec.readinessGates ?? []).forEach((g, i) => errs.push(...qualified(g.conditionType ?? '', `${at}.readinessGates[${i}].conditionType`)));
  const seen = new Set<string>();
  (spec.schedulingGates ?? []).forEach((g, i) => {
    const p = `${at}.schedulingGates[${i}]`;
    errs.push(...qualified(g.name ?? '', p));
    if (seen.has(g.name ?? '')) errs.push(fieldErr.duplicate(p, g.name ?? ''));
    seen.add(g.name ?? '');
  });
  return errs;
}
