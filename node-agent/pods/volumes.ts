/**
 * The pod's volumes as directories on the node, under `<podsDir>/<uid>/volumes/<name>`, bind-
 * mounted into the containers: emptyDir (a directory, also for medium Memory), configMap and
 * secret (one file per key, or per listed item), downwardAPI, projected (the same sources plus
 * serviceAccountToken), hostPath (the host path itself), persistentVolumeClaim (its bound volume's
 * directory, node-agent/storage/). Files are rewritten on each preparation,
 * so ConfigMap edits reach running pods at the next one.
 *
 * Service-account tokens are asked of the API (TokenRequest) for the pod's account, with the
 * projection's expirationSeconds; the namespace and the cluster CA files are real.
 *
 * Other volume types are refused with a VolumeError (FailedMount), never silently skipped.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import type { Pod, Volume } from '../../lib/api/core/pod.ts';
import type { PodContainer as Container } from './view.ts';
import type { Mount } from '../runtime/types.ts';
import { expand, podField, type EnvVar, type ObjectLookup } from './env.ts';

export class VolumeError extends Error {}


export interface VolumeContext {
  podsDir: string;
  lookup: ObjectLookup;
  /** the cluster CA, for kube-root-ca.crt when the ConfigMap is missing */
  caPem: string;
  hostIP: string;
}

type Files = Map<string, { data: Uint8Array; mode: number }>;
type KeyToPath = { key?: string; path?: string; mode?: number };

const enc = new TextEncoder();
const fromB64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

export const podDir = (podsDir: string, uid: string) => join(podsDir, uid);
export const volumeDir = (podsDir: string, uid: string, name: string) => join(podsDir, uid, 'volumes', name);

function project(files: Files, entries: Record<string, Uint8Array>, items: KeyToPath[] | undefined, mode: number, what: string, optional: boolean) {
  if (!items?.length) {
    for (const [k, v] of Object.entries(entries)) files.set(k, { data: v, mode });
    return;
  }
  for (const it of items) {
    const v = entries[it.key ?? ''];
    if (v === undefined) {
      if (optional) continue;
      throw new VolumeError(`configmap references non-existent config key: ${it.key}`.replace('configmap', what));
    }
    files.set(it.path ?? it.key ?? '', { data: v, mode: it.mode ?? mode });
  }
}

async function configMapFiles(ctx: VolumeContext, ns: string, src: { name?: string; items?: KeyToPath[]; optional?: boolean }, mode: number, files: Files) {
  let cm = await ctx.lookup.configMap(ns, src.name ?? '');
  if (!cm && src.name === 'kube-root-ca.crt') cm = { data: { 'ca.crt': ctx.caPem } };
  if (!cm) {
    if (src.optional) return;
    throw new VolumeError(`configmap "${src.name}" not found`);
  }
  const entries: Record<string, Uint8Array> = {};
  for (const [k, v] of Object.entries(cm.data ?? {})) entries[k] = enc.encode(v);
  for (const [k, v] of Object.entries(cm.binaryData ?? {})) entries[k] = fromB64(v);
  project(files, entries, src.items, mode, 'configmap', !!src.optional);
}

async function secretFiles(ctx: VolumeContext, ns: string, name: string, src: { items?: KeyToPath[]; optional?: boolean }, mode: number, files: Files) {
  const s = await ctx.lookup.secret(ns, name);
  if (!s) {
    if (src.optional) return;
    throw new VolumeError(`secret "${name}" not found`);
  }
  const entries: Record<string, Uint8Array> = {};
  for (const [k, v] of Object.entries(s.data ?? {})) entries[k] = fromB64(v);
  project(files, entries, src.items, mode, 'secret', !!src.optional);
}

function downwardFiles(pod: Pod, items: { path?: string; fieldRef?: { fieldPath?: string }; mode?: number }[], mode: number, hostIP: string, files: Files) {
  for (const it of items) {
    if (!it.fieldRef) throw new VolumeError(`downwardAPI item ${it.path}: only fieldRef is supported`);
    files.set(it.path ?? '', { data: enc.encode(podField(pod, it.fieldRef.fieldPath ?? '', hostIP)), mode: it.mode ?? mode });
  }
}

/** The files of one projected source. */
async function sourceFiles(pod: Pod, v: Volume, s: NonNullable<NonNullable<Volume['projected']>['sources']>[number], mode: number, ctx: VolumeContext): Promise<Files> {
  const ns = pod.metadata.namespace ?? 'default';
  const files: Files = new Map();
  if (s.configMap) await configMapFiles(ctx, ns, s.configMap, mode, files);
  else if (s.secret) await secretFiles(ctx, ns, s.secret.name ?? '', s.secret, mode, files);
  else if (s.downwardAPI) downwardFiles(pod, s.downwardAPI.items ?? [], mode, ctx.hostIP, files);
  else if (s.serviceAccountToken) {
    const ref = { namespace: ns, name: pod.metadata.name!, uid: pod.metadata.uid! };
    const token = await ctx.lookup.serviceAccountToken(ref, pod.spec?.serviceAccountName || 'default', { expirationSeconds: s.serviceAccountToken.expirationSeconds ?? 3600, audience: s.serviceAccountToken.audience });
    files.set(s.serviceAccountToken.path ?? 'token', { data: enc.encode(token), mode: 0o600 });
  } else throw new VolumeError(`volume ${v.name}: this projected source is not supported by this node agent`);
  return files;
}

/** The files of a content volume, or undefined for a plain directory. */
async function contents(pod: Pod, v: Volume, ctx: VolumeContext): Promise<Files | undefined> {
  const ns = pod.metadata.namespace ?? 'default';
  const files: Files = new Map();
  if (v.emptyDir) return undefined;
  if (v.configMap) await configMapFiles(ctx, ns, v.configMap, v.configMap.defaultMode ?? 0o644, files);
  else if (v.secret) await secretFiles(ctx, ns, v.secret.secretName ?? '', v.secret, v.secret.defaultMode ?? 0o644, files);
  else if (v.downwardAPI) downwardFiles(pod, v.downwardAPI.items ?? [], v.downwardAPI.defaultMode ?? 0o644, ctx.hostIP, files);
  else if (v.projected) {
    // the sources are read at once (the service-account token and kube-root-ca.crt are two API
    // requests), then merged in their order
    const mode = v.projected.defaultMode ?? 0o644;
    for (const part of await allInOrder((v.projected.sources ?? []).map((s) => sourceFiles(pod, v, s, mode, ctx)))) for (const [k, f] of part) files.set(k, f);
  } else throw new VolumeError(`volume ${v.name}: this volume type is not supported by this node agent (emptyDir, configMap, secret, downwardAPI, projected and hostPath are)`);
  return files;
}

/** Like Promise.all, but a failure is the first in the list's order, not in time: the pod's FailedMount says the same thing every time. */
async function allInOrder<T>(ps: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(ps);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<T>).value);
}

/** One volume's host directory, its files written. */
async function prepareVolume(pod: Pod, v: Volume, ctx: VolumeContext): Promise<string> {
  if (v.hostPath) return v.hostPath.path ?? '';
  if (v.persistentVolumeClaim) {
    if (!ctx.lookup.claimPath) throw new VolumeError(`volume ${v.name}: persistentVolumeClaim volumes are not supported by this node agent`);
    return ctx.lookup.claimPath(pod.metadata.namespace ?? 'default', v.persistentVolumeClaim.claimName ?? '');
  }
  const dir = volumeDir(ctx.podsDir, pod.metadata.uid ?? '', v.name ?? '');
  const files = await contents(pod, v, ctx);
  await mkdir(dir, { recursive: true, mode: 0o777 });
  for (const [rel, f] of files ?? []) {
    const path = normalize(join(dir, rel));
    if (!path.startsWith(dir + '/')) throw new VolumeError(`volume ${v.name}: path ${rel} leaves the volume`);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, f.data, { mode: f.mode });
  }
  return dir;
}

/**
 * Writes every volume of the pod; returns each volume's host directory by name. The volumes are
 * prepared at once: their API reads (ConfigMaps, Secrets, tokens, claims) do not wait for each other.
 */
export async function prepareVolumes(pod: Pod, ctx: VolumeContext): Promise<Map<string, string>> {
  const volumes = pod.spec?.volumes ?? [];
  const dirs = await allInOrder(volumes.map((v) => prepareVolume(pod, v, ctx)));
  return new Map(volumes.map((v, i) => [v.name ?? '', dirs[i]]));
}

/** The container's mounts (subPath and subPathExpr resolved against its environment). */
export function containerMounts(c: Container, dirs: Map<string, string>, env: EnvVar[]): Mount[] {
  const vars = new Map(env.map((e) => [e.name, e.value]));
  return (c.volumeMounts ?? []).map((m) => {
    const dir = dirs.get(m.name ?? '');
    if (dir === undefined) throw new VolumeError(`volume "${m.name}" is not prepared`);
    const sub = m.subPathExpr ? expand(m.subPathExpr, vars) : m.subPath;
    return { containerPath: m.mountPath ?? '', hostPath: sub ? join(dir, sub) : dir, readonly: !!m.readOnly };
  });
}

/** Removes the pod's directory (its volumes) once the pod is gone. */
export async function removePodDir(podsDir: string, uid: string): Promise<void> {
  if (uid) await rm(podDir(podsDir, uid), { recursive: true, force: true });
}
