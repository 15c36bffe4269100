/**
 * SetDefaults for PodSpec and everything inside it (errors-validation-defaults.md §4.1). Pod
 * templates (Deployment, ReplicaSet) get the same defaults except the Pod-only rows, which
 * `podOnly` switches on.
 */
import type { Container, PodSpec, PodTemplateSpec, Probe, Volume } from '../../../../../lib/api/core/pod.ts';
import { defaultPullPolicy } from './image.ts';

type HttpGet = { path?: string; scheme?: string };
type FieldRef = { fieldRef?: { apiVersion?: string }; resourceFieldRef?: { divisor?: string | number } };

export function defaultPodSpec(spec: PodSpec, podOnly: boolean): void {
  spec.dnsPolicy ||= 'ClusterFirst';
  spec.restartPolicy ||= 'Always';
  spec.schedulerName ||= 'default-scheduler';
  spec.terminationGracePeriodSeconds ??= 30;
  spec.securityContext ??= {};
  if (podOnly) spec.enableServiceLinks ??= true;
  syncServiceAccount(spec);
  for (const c of spec.containers ?? []) defaultContainer(c, podOnly, spec.hostNetwork === true);
  for (const c of spec.initContainers ?? []) defaultContainer(c, podOnly, spec.hostNetwork === true);
  for (const c of spec.ephemeralContainers ?? []) defaultContainer(c, false, false);
  for (const vol of spec.volumes ?? []) defaultVolume(vol);
}

/** A template's metadata renders `creationTimestamp: null` (a zero Go time, never omitted). */
export function defaultPodTemplate(template: PodTemplateSpec): void {
  template.metadata ??= {};
  if (!('creationTimestamp' in template.metadata)) (template.metadata as { creationTimestamp?: null }).creationTimestamp = null;
  template.spec ??= {};
  defaultPodSpec(template.spec, false);
}

/** v1's deprecated `serviceAccount` mirrors `serviceAccountName` (conversion, both ways). */
export function syncServiceAccount(spec: PodSpec): void {
  if (!spec.serviceAccountName && spec.serviceAccount) spec.serviceAccountName = spec.serviceAccount;
  if (spec.serviceAccountName) spec.serviceAccount = spec.serviceAccountName;
  else delete spec.serviceAccount;
}

function defaultContainer(c: Container, podOnly: boolean, hostNetwork: boolean): void {
  c.imagePullPolicy ||= defaultPullPolicy(c.image);
  c.terminationMessagePath ||= '/dev/termination-log';
  c.terminationMessagePolicy ||= 'File';
  c.resources ??= {};
  if (podOnly) requestsFromLimits(c);
  for (const p of c.ports ?? []) {
    p.protocol ||= 'TCP';
    if (hostNetwork && !p.hostPort) p.hostPort = p.containerPort;
  }
  for (const e of c.env ?? []) if (e.valueFrom) defaultFieldRef(e.valueFrom);
  for (const probe of [c.livenessProbe, c.readinessProbe, c.startupProbe]) if (probe) defaultProbe(probe);
  for (const h of [c.lifecycle?.postStart, c.lifecycle?.preStop]) if (h?.httpGet) defaultHttpGet(h.httpGet);
}

/** A container that states only limits requests exactly those (Pod only, not templates). */
function requestsFromLimits(c: Container): void {
  const limits = c.resources?.limits ?? {};
  for (const [name, q] of Object.entries(limits)) {
    const requests = (c.resources!.requests ??= {});
    if (!(name in requests)) requests[name] = q;
  }
}

function defaultProbe(p: Probe): void {
  p.timeoutSeconds ||= 1;
  p.periodSeconds ||= 10;
  p.successThreshold ||= 1;
  p.failureThreshold ||= 3;
  if (p.httpGet) defaultHttpGet(p.httpGet);
  if (p.grpc) p.grpc.service ??= '';
}

function defaultHttpGet(h: HttpGet): void {
  h.path ||= '/';
  h.scheme ||= 'HTTP';
}

/** ObjectFieldSelector defaults to v1; a Quantity divisor is never omitted, so it shows as "0". */
function defaultFieldRef(src: FieldRef): void {
  if (src.fieldRef) src.fieldRef.apiVersion ||= 'v1';
  if (src.resourceFieldRef) src.resourceFieldRef.divisor ??= '0';
}

const DEFAULT_MODE = 420; // 0644

function defaultVolume(vol: Volume): void {
  const sources = Object.keys(vol).filter((k) => k !== 'name' && (vol as Record<string, unknown>)[k] != null);
  if (sources.length === 0) vol.emptyDir = {};
  if (vol.secret) vol.secret.defaultMode ??= DEFAULT_MODE;
  if (vol.configMap) vol.configMap.defaultMode ??= DEFAULT_MODE;
  if (vol.downwardAPI) {
    vol.downwardAPI.defaultMode ??= DEFAULT_MODE;
    for (const item of vol.downwardAPI.items ?? []) defaultFieldRef(item);
  }
  if (vol.projected) {
    vol.projected.defaultMode ??= DEFAULT_MODE;
    for (const s of vol.projected.sources ?? []) {
      if (s.serviceAccountToken) s.serviceAccountToken.expirationSeconds ??= 3600;
      for (const item of s.downwardAPI?.items ?? []) defaultFieldRef(item);
    }
  }
  if (vol.hostPath) vol.hostPath.type ??= '';
  if (vol.iscsi) vol.iscsi.iscsiInterface ||= 'default';
  if (vol.rbd) {
    vol.rbd.pool ||= 'rbd';
    vol.rbd.user ||= 'admin';
    vol.rbd.keyring ||= '/etc/ceph/keyring';
  }
  if (vol.azureDisk) {
    vol.azureDisk.cachingMode ??= 'ReadWrite';
    vol.azureDisk.fsType ??= 'ext4';
    vol.azureDisk.readOnly ??= false;
    vol.azureDisk.kind ??= 'Shared';
  }
  if (vol.scaleIO) {
    vol.scaleIO.storageMode ||= 'ThinProvisioned';
    vol.scaleIO.fsType ||= 'xfs';
  }
  const claim = vol.ephemeral?.volumeClaimTemplate;
  if (claim) {
    claim.metadata ??= {};
    if (!('creationTimestamp' in claim.metadata)) (claim.metadata as { creationTimestamp?: null }).creationTimestamp = null;
    claim.spec ??= {};
    claim.spec.volumeMode ??= 'Filesystem';
  }
}
