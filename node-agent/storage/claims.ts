/**
 * A pod's persistentVolumeClaim volume on the node: claim → bound volume → its directory, with the
 * kubelet's texts while it cannot be mounted. On the way, the node's local-path provisioner makes
 * the volume of a claim waiting for it (provision.ts): the agent learns of such claims through its
 * own pods, so it needs no right to watch claims cluster-wide. The pod worker retries until the
 * binder has bound the claim.
 */
import { mkdir } from 'node:fs/promises';
import type { PersistentVolume, PersistentVolumeClaim } from '../../lib/api/core/persistentvolume.ts';
import type { StorageClass } from '../../lib/api/storage/storageclass.ts';
import { ApiError, type ApiClient } from '../../lib/client/client.ts';
import { STORAGE_RESOURCES as R } from '../../lib/client/storage-resources.ts';
import { VolumeError } from '../pods/volumes.ts';
import { volumePath } from './paths.ts';
import { provisionedVolume, shouldProvision } from './provision.ts';

export interface NodeStorageContext {
  api: ApiClient;
  nodeName: string;
  stateDir: string;
  log(line: string): void;
}

/** Makes the claim's directory and volume (an existing volume of that name is fine: a retry). */
export async function provision(ctx: NodeStorageContext, pvc: PersistentVolumeClaim): Promise<void> {
  const name = `pvc-${pvc.metadata.uid}`;
  const path = volumePath(ctx.stateDir, name)!;
  await mkdir(path, { recursive: true, mode: 0o777 });
  const className = pvc.spec?.storageClassName;
  const sc = className ? await ctx.api.get<StorageClass>(R.storageclasses, undefined, className) : undefined;
  try {
    await ctx.api.create(R.persistentvolumes, undefined, provisionedVolume(pvc, sc, ctx.nodeName, path));
    ctx.log(`volume ${name}: provisioned at ${path} for claim ${pvc.metadata.namespace}/${pvc.metadata.name}`);
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 409)) throw e;
  }
}

/** The host directory of the claim's volume, or a VolumeError saying why it cannot be mounted yet. */
export async function claimPath(ctx: NodeStorageContext, namespace: string, claimName: string): Promise<string> {
  const what = `error processing PVC ${namespace}/${claimName}`;
  const pvc = await ctx.api.get<PersistentVolumeClaim>(R.persistentvolumeclaims, namespace, claimName);
  if (!pvc) throw new VolumeError(`${what}: failed to fetch PVC from API server: persistentvolumeclaims "${claimName}" not found`);
  if (shouldProvision(pvc, ctx.nodeName)) await provision(ctx, pvc);
  const pvName = pvc.spec?.volumeName;
  if (!pvName || pvc.status?.phase !== 'Bound') throw new VolumeError(`${what}: PVC is not bound`);
  const pv = await ctx.api.get<PersistentVolume>(R.persistentvolumes, undefined, pvName);
  if (!pv) throw new VolumeError(`${what}: failed to fetch PV "${pvName}" from API server: persistentvolumes "${pvName}" not found`);
  const path = pv.spec?.local?.path ?? pv.spec?.hostPath?.path;
  if (!path) throw new VolumeError(`${what}: volume ${pvName}: this persistent volume type is not supported by this node agent (local and hostPath are)`);
  // a provisioned directory removed by hand comes back empty rather than failing every mount
  if (pv.spec?.local) await mkdir(path, { recursive: true, mode: 0o777 });
  return path;
}
