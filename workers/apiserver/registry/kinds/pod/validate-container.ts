/**
 * Container validation (validateContainers, validateInitContainers, validateEphemeralContainers):
 * the checks common to every container type, then what each type allows.
 */
import type { Container, EphemeralContainer, PodSpec } from '../../../../../lib/api/core/pod.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { dns1123Label } from '../../validation.ts';
import { validateEnv, validateEnvFrom } from './validate-env.ts';
import { validateProbesAndHooks } from './validate-probe.ts';
import { validateResources } from './validate-resources.ts';
import type { ValidVolumes } from './validate-volume.ts';
import { inclusiveRange, localPath, MAX_INT32, portName, portNum } from './messages.ts';

export interface ContainerContext {
  volumes: ValidVolumes;
  claimNames: Set<string>;
  gracePeriod: number;
}

const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError'];
const PROPAGATIONS = ['Bidirectional', 'HostToContainer', 'None'];
const SIDECAR_ONLY = 'may not be set for init containers without restartPolicy=Always';

function validatePorts(ports: Container['ports'], at: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  (ports ?? []).forEach((p, i) => {
    const pp = `${at}[${i}]`;
    if (p.name) {
      const msgs = portName(p.name);
      if (msgs.length) for (const m of msgs) errs.push(fieldErr.invalid(`${pp}.name`, p.name, m));
      else if (names.has(p.name)) errs.push(fieldErr.duplicate(`${pp}.name`, p.name));
      else names.add(p.name);
    }
    if (!p.containerPort) errs.push(fieldErr.required(`${pp}.containerPort`));
    else for (const m of portNum(p.containerPort)) errs.push(fieldErr.invalid(`${pp}.containerPort`, p.containerPort, m));
    if (p.hostPort) for (const m of portNum(p.hostPort)) errs.push(fieldErr.invalid(`${pp}.hostPort`, p.hostPort, m));
    if (!p.protocol) errs.push(fieldErr.required(`${pp}.protocol`));
    else if (!PROTOCOLS.includes(p.protocol)) errs.push(fieldErr.notSupported(`${pp}.protocol`, p.protocol, PROTOCOLS));
  });
  return errs;
}

function validateVolumeMounts(c: Container, volumes: ValidVolumes, at: string): FieldError[] {
  const errs: FieldError[] = [];
  const paths = new Set<string>();
  const devices = c.volumeDevices ?? [];
  (c.volumeMounts ?? []).forEach((m, i) => {
    const mp = `${at}[${i}]`;
    const name = m.name ?? '';
    const path = m.mountPath ?? '';
    if (!name) errs.push(fieldErr.required(`${mp}.name`));
    if (!volumes.has(name)) errs.push(fieldErr.notFound(`${mp}.name`, name));
    if (!path) errs.push(fieldErr.required(`${mp}.mountPath`));
    if (paths.has(path)) errs.push(fieldErr.invalid(`${mp}.mountPath`, path, 'must be unique'));
    paths.add(path);
    if (devices.some((d) => d.name === name)) errs.push(fieldErr.invalid(`${mp}.name`, name, 'must not already exist in volumeDevices'));
    if (devices.some((d) => d.devicePath === path)) errs.push(fieldErr.invalid(`${mp}.mountPath`, path, 'must not already exist as a path in volumeDevices'));
    // Kubernetes reports subPath errors at the list's path, not the item's
    if (m.subPath) for (const msg of localPath(m.subPath)) errs.push(fieldErr.invalid(`${at}.subPath`, m.subPath, msg));
    if (m.subPathExpr) {
      if (m.subPath) errs.push(fieldErr.invalid(`${mp}.subPathExpr`, m.subPathExpr, 'subPathExpr and subPath are mutually exclusive'));
      for (const msg of localPath(m.subPathExpr)) errs.push(fieldErr.invalid(`${mp}.subPathExpr`, m.subPathExpr, msg));
    }
    if (m.mountPropagation != null) {
      if (!PROPAGATIONS.includes(m.mountPropagation)) errs.push(fieldErr.notSupported(`${mp}.mountPropagation`, m.mountPropagation, PROPAGATIONS));
      else if (m.mountPropagation === 'Bidirectional' && !c.securityContext?.privileged)
        errs.push(fieldErr.forbidden(`${mp}.mountPropagation`, 'Bidirectional mount propagation is available only to privileged containers'));
    }
  });
  return errs;
}

function validateVolumeDevices(c: Container, volumes: ValidVolumes, at: string): FieldError[] {
  const errs: FieldError[] = [];
  const paths = new Set<string>();
  (c.volumeDevices ?? []).forEach((d, i) => {
    const dp = `${at}[${i}]`;
    const name = d.name ?? '';
    const path = d.devicePath ?? '';
    if (!name) errs.push(fieldErr.required(`${dp}.name`));
    if (!path) errs.push(fieldErr.required(`${dp}.devicePath`));
    if (paths.has(path)) errs.push(fieldErr.invalid(`${dp}.devicePath`, path, 'must be unique'));
    paths.add(path);
    const vol = volumes.get(name);
    if (!vol?.persistentVolumeClaim && !vol?.ephemeral)
      errs.push(fieldErr.invalid(`${dp}.name`, name, 'can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode'));
  });
  return errs;
}

function validateSecurityContext(sc: Container['securityContext'], at: string): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of ['runAsUser', 'runAsGroup'] as const) {
    const id = sc?.[f];
    if (id != null && (id < 0 || id > MAX_INT32)) errs.push(fieldErr.invalid(`${at}.${f}`, id, inclusiveRange(0, MAX_INT32)));
  }
  return errs;
}

/** validateContainerCommon */
function validateCommon(c: Container, ctx: ContainerContext, at: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!c.name) errs.push(fieldErr.required(`${at}.name`));
  else for (const m of dns1123Label(c.name)) errs.push(fieldErr.invalid(`${at}.name`, c.name, m));
  if (!c.image) errs.push(fieldErr.required(`${at}.image`));
  const tmp = c.terminationMessagePolicy ?? '';
  if (!tmp) errs.push(fieldErr.required(`${at}.terminationMessagePolicy`));
  else if (!MESSAGE_POLICIES.includes(tmp)) errs.push(fieldErr.notSupported(`${at}.terminationMessagePolicy`, tmp, MESSAGE_POLICIES));
  errs.push(...validatePorts(c.ports, `${at}.ports`));
  errs.push(...validateEnv(c.env, `${at}.env`));
  errs.push(...validateEnvFrom(c.envFrom, `${at}.envFrom`));
  errs.push(...validateVolumeMounts(c, ctx.volumes, `${at}.volumeMounts`));
  errs.push(...validateVolumeDevices(c, ctx.volumes, `${at}.volumeDevices`));
  const pull = c.imagePullPolicy ?? '';
  if (!pull) errs.push(fieldErr.required(`${at}.imagePullPolicy`));
  else if (!PULL_POLICIES.includes(pull)) errs.push(fieldErr.notSupported(`${at}.imagePullPolicy`, pull, PULL_POLICIES));
  errs.push(...validateResources(c.resources, ctx.claimNames, `${at}.resources`));
  errs.push(...validateSecurityContext(c.securityContext, `${at}.securityContext`));
  return errs;
}

/** AccumulateUniqueHostPorts: a host port (per IP and protocol) may be taken once. */
function hostPortConflicts(containers: Container[], at: string, taken = new Set<string>()): FieldError[] {
  const errs: FieldError[] = [];
  containers.forEach((c, ci) =>
    (c.ports ?? []).forEach((p, pi) => {
      if (!p.hostPort) return;
      const key = `${p.hostIP ?? ''}/${p.protocol ?? ''}/${p.hostPort}`;
      if (taken.has(key)) errs.push(fieldErr.duplicate(`${at}[${ci}].ports[${pi}].hostPort`, key));
      taken.add(key);
    }),
  );
  return errs;
}

export function validateContainers(containers: Container[] | undefined, ctx: ContainerContext, at: string): FieldError[] {
  if (!containers?.length) return [fieldErr.required(at)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  containers.forEach((c, i) => {
    const cp = `${at}[${i}]`;
    errs.push(...validateCommon(c, ctx, cp));
    if (names.has(c.name ?? '')) errs.push(fieldErr.duplicate(`${cp}.name`, c.name ?? ''));
    else names.add(c.name ?? '');
    errs.push(...validateProbesAndHooks(c, ctx.gracePeriod, cp));
    if (c.restartPolicy != null) errs.push(fieldErr.forbidden(`${cp}.restartPolicy`, 'may not be set for non-init containers'));
  });
  errs.push(...hostPortConflicts(containers, at));
  return errs;
}

export function validateInitContainers(spec: PodSpec, ctx: ContainerContext, at: string): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set((spec.containers ?? []).map((c) => c.name ?? ''));
  (spec.initContainers ?? []).forEach((c, i) => {
    const cp = `${at}[${i}]`;
    errs.push(...validateCommon(c, ctx, cp));
    if (c.restartPolicy != null && c.restartPolicy !== 'Always') errs.push(fieldErr.notSupported(`${cp}.restartPolicy`, c.restartPolicy, ['Always']));
    const sidecar = c.restartPolicy === 'Always';
    if (names.has(c.name ?? '')) errs.push(fieldErr.duplicate(`${cp}.name`, c.name ?? ''));
    else if (c.name) names.add(c.name);
    // init containers run one at a time, so each is checked alone (and reported at index 0, as Kubernetes does)
    errs.push(...hostPortConflicts([c], at));
    if (sidecar) errs.push(...validateProbesAndHooks(c, ctx.gracePeriod, cp));
    else for (const f of ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe'] as const) if (c[f]) errs.push(fieldErr.forbidden(`${cp}.${f}`, SIDECAR_ONLY));
    if (c.resizePolicy?.length) errs.push(fieldErr.invalid(`${cp}.resizePolicy`, c.resizePolicy, 'must not be set for init containers'));
  });
  return errs;
}

/** Fields an ephemeral container may not set: they would make it part of the workload (in Container's field order). */
const NOT_EPHEMERAL = ['ports', 'resources', 'resizePolicy', 'restartPolicy', 'livenessProbe', 'readinessProbe', 'startupProbe', 'lifecycle'] as const;

export function validateEphemeralContainers(spec: PodSpec, ctx: ContainerContext, at: string): FieldError[] {
  const errs: FieldError[] = [];
  // a target is a container of the pod spec, never another ephemeral container
  const others = new Set([...(spec.containers ?? []), ...(spec.initContainers ?? [])].map((c) => c.name ?? ''));
  const names = new Set(others);
  (spec.ephemeralContainers ?? []).forEach((ec: EphemeralContainer, i) => {
    const cp = `${at}[${i}]`;
    const c = ec as Container;
    errs.push(...validateCommon(c, ctx, cp));
    if (names.has(ec.name ?? '')) errs.push(fieldErr.duplicate(`${cp}.name`, ec.name ?? ''));
    else names.add(ec.name ?? '');
    if (ec.targetContainerName && !others.has(ec.targetContainerName)) errs.push(fieldErr.notFound(`${cp}.targetContainerName`, ec.targetContainerName));
    for (const f of NOT_EPHEMERAL) {
      const value = c[f];
      const r = c.resources ?? {};
      const set = f === 'resources' ? Object.keys(r.limits ?? {}).length || Object.keys(r.requests ?? {}).length || r.claims?.length : value != null && !(Array.isArray(value) && value.length === 0);
      if (set) errs.push(fieldErr.forbidden(`${cp}.${f}`, 'cannot be set for an Ephemeral Container'));
    }
    (ec.volumeMounts ?? []).forEach((m, j) => {
      if (m.subPath) errs.push(fieldErr.forbidden(`${cp}.volumeMounts[${j}].subPath`, 'cannot be set for an Ephemeral Container'));
      if (m.subPathExpr) errs.push(fieldErr.forbidden(`${cp}.volumeMounts[${j}].subPathExpr`, 'cannot be set for an Ephemeral Container'));
    });
  });
  return errs;
}
