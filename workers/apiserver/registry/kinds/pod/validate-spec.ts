/**
 * ValidatePodSpec, in Kubernetes' order, shared by pods (path `spec`) and pod templates
 * (`spec.template.spec`), and ValidatePodTemplateSpec for the workload kinds.
 */
import type { PodSpec, PodTemplateSpec } from '../../../../../lib/api/core/pod.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { dns1123Label, dns1123Subdomain, validateAnnotations, validateLabels } from '../../validation.ts';
import { validateContainers, validateEphemeralContainers, validateInitContainers, type ContainerContext } from './validate-container.ts';
import { validateAffinity, validateDNSConfig, validateGates, validateHostAliases, validateTolerations, validateTopologySpread } from './validate-scheduling.ts';
import { validateVolumes } from './validate-volume.ts';
import { inclusiveRange, MAX_INT32 } from './messages.ts';

const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const DNS_POLICIES = ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'];
const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'];
const OS_NAMES = ['linux', 'windows'];

const subdomainErrs = (v: string, at: string) => dns1123Subdomain(v).map((m) => fieldErr.invalid(at, v, m));

function validateSecurity(spec: PodSpec, at: string): FieldError[] {
  const errs: FieldError[] = [];
  const sc = spec.securityContext;
  for (const f of ['runAsUser', 'runAsGroup', 'fsGroup'] as const) {
    const id = sc?.[f];
    if (id != null && (id < 0 || id > MAX_INT32)) errs.push(fieldErr.invalid(`${at}.securityContext.${f}`, id, inclusiveRange(0, MAX_INT32)));
  }
  (sc?.supplementalGroups ?? []).forEach((g, i) => {
    if (g < 0 || g > MAX_INT32) errs.push(fieldErr.invalid(`${at}.securityContext.supplementalGroups[${i}]`, g, inclusiveRange(0, MAX_INT32)));
  });
  if (spec.hostNetwork) {
    for (const kind of ['containers', 'initContainers'] as const)
      (spec[kind] ?? []).forEach((c, i) =>
        (c.ports ?? []).forEach((p, j) => {
          if ((p.hostPort ?? 0) !== (p.containerPort ?? 0))
            errs.push(fieldErr.invalid(`${at}.${kind}[${i}].ports[${j}].containerPort`, p.containerPort ?? 0, 'must match `hostPort` when `hostNetwork` is true'));
        }),
      );
  }
  return errs;
}

export function validatePodSpec(spec: PodSpec | undefined, at: string): FieldError[] {
  const s = spec ?? {};
  const { errs, valid } = validateVolumes(s.volumes, `${at}.volumes`);
  const claimNames = new Set((s.resourceClaims ?? []).map((c) => c.name ?? ''));
  (s.resourceClaims ?? []).forEach((c, i) => {
    for (const m of dns1123Label(c.name ?? '')) errs.push(fieldErr.invalid(`${at}.resourceClaims[${i}].name`, c.name ?? '', m));
  });
  const ctx: ContainerContext = { volumes: valid, claimNames, gracePeriod: s.terminationGracePeriodSeconds ?? 30 };
  errs.push(...validateContainers(s.containers, ctx, `${at}.containers`));
  errs.push(...validateInitContainers(s, ctx, `${at}.initContainers`));
  errs.push(...validateEphemeralContainers(s, ctx, `${at}.ephemeralContainers`));
  const restart = s.restartPolicy ?? '';
  if (!restart) errs.push(fieldErr.required(`${at}.restartPolicy`));
  else if (!RESTART_POLICIES.includes(restart)) errs.push(fieldErr.notSupported(`${at}.restartPolicy`, restart, RESTART_POLICIES));
  const dns = s.dnsPolicy ?? '';
  if (!DNS_POLICIES.includes(dns)) errs.push(fieldErr.notSupported(`${at}.dnsPolicy`, dns, DNS_POLICIES));
  errs.push(...validateLabels(s.nodeSelector, `${at}.nodeSelector`));
  errs.push(...validateSecurity(s, at));
  errs.push(...validateAffinity(s.affinity, `${at}.affinity`));
  errs.push(...validateDNSConfig(s, `${at}.dnsConfig`));
  errs.push(...validateGates(s, at));
  errs.push(...validateTopologySpread(s.topologySpreadConstraints, `${at}.topologySpreadConstraints`));
  if (s.serviceAccountName) errs.push(...subdomainErrs(s.serviceAccountName, `${at}.serviceAccountName`));
  if (s.nodeName) errs.push(...subdomainErrs(s.nodeName, `${at}.nodeName`));
  const deadline = s.activeDeadlineSeconds;
  if (deadline != null && (deadline < 1 || deadline > MAX_INT32)) errs.push(fieldErr.invalid(`${at}.activeDeadlineSeconds`, deadline, inclusiveRange(1, MAX_INT32)));
  if (s.hostname) for (const m of dns1123Label(s.hostname)) errs.push(fieldErr.invalid(`${at}.hostname`, s.hostname, m));
  if (s.subdomain) for (const m of dns1123Label(s.subdomain)) errs.push(fieldErr.invalid(`${at}.subdomain`, s.subdomain, m));
  errs.push(...validateTolerations(s.tolerations, `${at}.tolerations`));
  errs.push(...validateHostAliases(s.hostAliases, `${at}.hostAliases`));
  if (s.priorityClassName) errs.push(...subdomainErrs(s.priorityClassName, `${at}.priorityClassName`));
  if (s.runtimeClassName != null) errs.push(...subdomainErrs(s.runtimeClassName, `${at}.runtimeClassName`));
  if (s.preemptionPolicy != null && !PREEMPTION_POLICIES.includes(s.preemptionPolicy))
    errs.push(fieldErr.notSupported(`${at}.preemptionPolicy`, s.preemptionPolicy, PREEMPTION_POLICIES));
  if (s.os) {
    if (!s.os.name) errs.push(fieldErr.required(`${at}.os.name`));
    else if (!OS_NAMES.includes(s.os.name)) errs.push(fieldErr.notSupported(`${at}.os.name`, s.os.name, OS_NAMES));
  }
  return errs;
}

/** ValidatePodTemplateSpec: labels are reported at `<path>.labels` (sic), then the spec. */
export function validatePodTemplate(template: PodTemplateSpec | undefined, at: string): FieldError[] {
  const t = template ?? {};
  const errs = [
    ...validateLabels(t.metadata?.labels, `${at}.labels`),
    ...validateAnnotations(t.metadata?.annotations, `${at}.annotations`),
    ...validatePodSpec(t.spec, `${at}.spec`),
  ];
  if (t.spec?.ephemeralContainers?.length) errs.push(fieldErr.forbidden(`${at}.spec.ephemeralContainers`, 'ephemeral containers not allowed in pod template'));
  return errs;
}
