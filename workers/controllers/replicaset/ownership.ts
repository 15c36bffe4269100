/**
 * Controller references and claiming, as Kubernetes' ControllerRefManager does for the workload
 * controllers: an owner adopts the orphans its selector matches (adds a controller
 * ownerReference) and releases what it controls but no longer matches (removes it). Objects
 * controlled by someone else are never touched, and an owner being deleted adopts and releases
 * nothing.
 */
import type { KubeObject, OwnerReference } from '../../../lib/api/meta.ts';
import { ApiError, type Api } from '../../../lib/client/client.ts';
import type { Resource } from '../../../lib/client/resources.ts';

export const controllerOf = (o: KubeObject): OwnerReference | undefined => o.metadata.ownerReferences?.find((r) => r.controller);

/** The ownerReference a controller puts on what it creates or adopts. */
export function controllerRef(owner: KubeObject): OwnerReference {
  return { apiVersion: owner.apiVersion!, kind: owner.kind!, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true };
}

/**
 * The dependent changed under us (gone, replaced by another of the same name, or its references
 * no longer what we patch): skip it; the change it made brings us back with the truth.
 */
const changedMeanwhile = (e: unknown) => e instanceof ApiError && (e.code === 404 || e.code === 409 || e.code === 422);

/**
 * The candidates the owner controls after adopting and releasing. The patches carry the
 * dependent's uid, so a dependent deleted and recreated under the same name is left alone.
 */
export async function claim<T extends KubeObject>(api: Api, res: Resource, owner: KubeObject, candidates: T[], matches: (o: T) => boolean): Promise<T[]> {
  const ownerDeleting = !!owner.metadata.deletionTimestamp;
  const results: (T | undefined)[] = await Promise.all(
    candidates.map(async (o): Promise<T | undefined> => {
      const ref = controllerOf(o);
      if (ref) {
        if (ref.uid !== owner.metadata.uid) return undefined;
        if (matches(o)) return o;
        if (!ownerDeleting) await patchOwners(api, res, o, [{ $patch: 'delete', uid: owner.metadata.uid }]);
        return undefined;
      }
      if (ownerDeleting || o.metadata.deletionTimestamp || !matches(o)) return undefined;
      return patchOwners(api, res, o, [controllerRef(owner)]);
    }),
  );
  return results.filter((o): o is T => o !== undefined);
}

async function patchOwners<T extends KubeObject>(api: Api, res: Resource, o: T, ownerReferences: unknown[]): Promise<T | undefined> {
  try {
    return await api.patch<T>(res, o.metadata.namespace, o.metadata.name!, { metadata: { ownerReferences, uid: o.metadata.uid } }, 'strategic');
  } catch (e) {
    if (changedMeanwhile(e)) return undefined;
    throw e;
  }
}
