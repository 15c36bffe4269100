/** ValidateEnv / ValidateEnvFrom and the downward API selectors they share with volumes. */
import type { Container } from '../../../../../lib/api/core/pod.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { dns1123Subdomain, qualifiedName } from '../../validation.ts';
import { configMapKey, envVarName } from './messages.ts';

const ENV_FIELD_PATHS = [
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'spec.nodeName',
  'spec.serviceAccountName',
  'status.hostIP',
  'status.hostIPs',
  'status.podIP',
  'status.podIPs',
];
/** Labels ConvertDownwardAPIFieldLabel accepts at all (before the per-use list applies). */
const CONVERTIBLE = new Set([
  'metadata.annotations',
  'metadata.labels',
  'metadata.name',
  'metadata.namespace',
  'metadata.uid',
  'spec.nodeName',
  'spec.restartPolicy',
  'spec.serviceAccountName',
  'spec.schedulerName',
  'status.phase',
  'status.hostIP',
  'status.hostIPs',
  'status.podIP',
  'status.podIPs',
]);
const RESOURCE_PATHS = ['limits.cpu', 'limits.ephemeral-storage', 'limits.memory', 'requests.cpu', 'requests.ephemeral-storage', 'requests.memory'];

/** fieldpath.SplitMaybeSubscriptedPath: `metadata.labels['app']` → ['metadata.labels', 'app'] */
function splitSubscript(p: string): [string, string] | undefined {
  if (!p.endsWith("']")) return undefined;
  const i = p.indexOf("['");
  if (i <= 0) return undefined;
  return [p.slice(0, i), p.slice(i + 2, -2)];
}

export function validateFieldRef(fs: { apiVersion?: string; fieldPath?: string }, allowed: string[], at: string): FieldError[] {
  if (!fs.apiVersion) return [fieldErr.required(`${at}.apiVersion`)];
  if (!fs.fieldPath) return [fieldErr.required(`${at}.fieldPath`)];
  const fp = fs.fieldPath;
  const sub = splitSubscript(fp);
  let convertErr = fs.apiVersion !== 'v1' ? `unsupported pod version: ${fs.apiVersion}` : '';
  if (!convertErr && sub && sub[0] !== 'metadata.annotations' && sub[0] !== 'metadata.labels') convertErr = `field label does not support subscript: ${fp}`;
  if (!convertErr && !sub && !CONVERTIBLE.has(fp) && fp !== 'spec.host') convertErr = `field label not supported: ${fp}`;
  if (convertErr) return [fieldErr.invalid(`${at}.fieldPath`, fp, `error converting fieldPath: ${convertErr}`)];
  if (sub) {
    const key = sub[0] === 'metadata.annotations' ? sub[1].toLowerCase() : sub[1];
    return qualifiedName(key).map((m) => fieldErr.invalid(at, key, m));
  }
  const internal = fp === 'spec.host' ? 'spec.nodeName' : fp;
  return allowed.includes(internal) ? [] : [fieldErr.notSupported(`${at}.fieldPath`, internal, allowed)];
}

export function validateResourceFieldRef(fs: { containerName?: string; resource?: string }, at: string, volume: boolean): FieldError[] {
  if (volume && !fs.containerName) return [fieldErr.required(`${at}.containerName`)];
  if (!fs.resource) return [fieldErr.required(`${at}.resource`)];
  if (RESOURCE_PATHS.includes(fs.resource) || fs.resource.startsWith('limits.hugepages-') || fs.resource.startsWith('requests.hugepages-')) return [];
  return [fieldErr.notSupported(`${at}.resource`, fs.resource, RESOURCE_PATHS)];
}

function validateKeySelector(s: { name?: string; key?: string }, at: string): FieldError[] {
  const errs = dns1123Subdomain(s.name ?? '').map((m) => fieldErr.invalid(`${at}.name`, s.name ?? '', m));
  if (!s.key) errs.push(fieldErr.required(`${at}.key`));
  else for (const m of configMapKey(s.key)) errs.push(fieldErr.invalid(`${at}.key`, s.key, m));
  return errs;
}

export function validateEnv(env: Container['env'], at: string): FieldError[] {
  const errs: FieldError[] = [];
  (env ?? []).forEach((ev, i) => {
    const p = `${at}[${i}]`;
    if (!ev.name) errs.push(fieldErr.required(`${p}.name`));
    else for (const m of envVarName(ev.name)) errs.push(fieldErr.invalid(`${p}.name`, ev.name, m));
    const from = ev.valueFrom;
    if (!from) return;
    const vp = `${p}.valueFrom`;
    const checks = [
      from.fieldRef && validateFieldRef(from.fieldRef, ENV_FIELD_PATHS, `${vp}.fieldRef`),
      from.resourceFieldRef && validateResourceFieldRef(from.resourceFieldRef, `${vp}.resourceFieldRef`, false),
      from.configMapKeyRef && validateKeySelector(from.configMapKeyRef, `${vp}.configMapKeyRef`),
      from.secretKeyRef && validateKeySelector(from.secretKeyRef, `${vp}.secretKeyRef`),
    ].filter((c): c is FieldError[] => !!c);
    for (const c of checks) errs.push(...c);
    const n = checks.length;
    if (n === 0) errs.push(fieldErr.invalid(vp, '', 'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'));
    else if (ev.value) errs.push(fieldErr.invalid(vp, '', 'may not be specified when `value` is not empty'));
    else if (n > 1) errs.push(fieldErr.invalid(vp, '', 'may not have more than one field specified at a time'));
  });
  return errs;
}

export function validateEnvFrom(envFrom: Container['envFrom'], at: string): FieldError[] {
  const errs: FieldError[] = [];
  (envFrom ?? []).forEach((ev, i) => {
    const p = `${at}[${i}]`;
    if (ev.prefix) for (const m of envVarName(ev.prefix)) errs.push(fieldErr.invalid(`${p}.prefix`, ev.prefix, m));
    let n = 0;
    for (const kind of ['configMapRef', 'secretRef'] as const) {
      const ref = ev[kind];
      if (!ref) continue;
      n++;
      if (!ref.name) errs.push(fieldErr.required(`${p}.${kind}.name`));
      else for (const m of dns1123Subdomain(ref.name)) errs.push(fieldErr.invalid(`${p}.${kind}.name`, ref.name, m));
    }
    if (n === 0) errs.push(fieldErr.invalid(at, '', 'must specify one of: `configMapRef` or `secretRef`'));
    else if (n > 1) errs.push(fieldErr.invalid(at, '', 'may not have more than one field specified at a time'));
  });
  return errs;
}
