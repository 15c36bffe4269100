/**
 * The new ReplicaSet: found (its revision raised above the old ones, the Deployment's copied
 * annotations refreshed) or created as `<deployment>-<pod-template-hash>`, and the Deployment's
 * revision annotation kept equal to it. A name taken by a ReplicaSet that is not this template's
 * is a hash collision: status.collisionCount goes up and the next sync tries another name.
 */
import type { ReplicaSet } from '../../../lib/api/apps/replicaset.ts';
import type { LabelSelector } from '../../../lib/api/meta.ts';
import { ApiError } from '../../../lib/client/client.ts';
import { RESOURCES } from '../../../lib/client/resources.ts';
import { emit } from '../replicaset/manage.ts';
import { controllerOf, controllerRef } from '../replicaset/ownership.ts';
import { getCondition, hasProgressDeadline, newCondition, REASON, setCondition } from './conditions.ts';
import { equalIgnoreHash, HASH_LABEL, templateHash } from './hash.ts';
import { findNewReplicaSet, findOldReplicaSets } from './replicasets.ts';
import { maxSurge, newRSNewReplicas } from './replicas.ts';
import { maxRevision, REVISION_ANNOTATION, setDeploymentRevision, setNewReplicaSetAnnotations } from './revision.ts';
import { holdStatus, remember, SyncAborted, writeStatus, type Sync } from './sync.ts';

/** The new ReplicaSet (created when `create` and missing) and all the old ones. */
export async function newAndOldReplicaSets(s: Sync, create: boolean): Promise<{ newRS?: ReplicaSet; oldRSs: ReplicaSet[] }> {
  const oldRSs = findOldReplicaSets(s.d, s.rsList);
  const newRS = await newReplicaSet(s, oldRSs, create);
  return { newRS, oldRSs };
}

async function newReplicaSet(s: Sync, oldRSs: ReplicaSet[], create: boolean): Promise<ReplicaSet | undefined> {
  const existing = findNewReplicaSet(s.d, s.rsList);
  const newRevision = maxRevision(oldRSs) + 1;
  if (existing) return syncExisting(s, existing, newRevision);
  if (!create) return undefined;
  return createNew(s, oldRSs, newRevision);
}

async function syncExisting(s: Sync, existing: ReplicaSet, newRevision: number): Promise<ReplicaSet> {
  const d = s.d;
  const copy = structuredClone(existing);
  const annotationsChanged = setNewReplicaSetAnnotations(d, copy, newRevision, true, maxSurge(d));
  if (annotationsChanged || (copy.spec?.minReadySeconds ?? 0) !== (d.spec?.minReadySeconds ?? 0)) {
    copy.spec = { ...copy.spec, minReadySeconds: d.spec?.minReadySeconds ?? 0 };
    // the Deployment's revision follows on the sync this write brings
    return remember(s, await s.ctx.api.update(RESOURCES.replicasets, copy));
  }
  let needsUpdate = setDeploymentRevision(d, copy.metadata.annotations?.[REVISION_ANNOTATION] ?? '');
  if (hasProgressDeadline(d) && !getCondition(d.status, 'Progressing')) {
    setCondition((d.status ??= {}), newCondition('Progressing', 'True', REASON.foundNewRS, `Found new replica set "${copy.metadata.name}"`, s.now));
    needsUpdate = true;
  }
  if (needsUpdate) await writeStatus(s);
  return copy;
}

function selectorWithHash(sel: LabelSelector | undefined, hash: string): LabelSelector {
  return { ...structuredClone(sel ?? {}), matchLabels: { ...sel?.matchLabels, [HASH_LABEL]: hash } };
}

async function createNew(s: Sync, oldRSs: ReplicaSet[], newRevision: number): Promise<ReplicaSet> {
  const d = s.d;
  const hash = templateHash(d.spec?.template, d.status?.collisionCount ?? undefined);
  const template = structuredClone(d.spec?.template ?? {});
  template.metadata = { ...template.metadata, labels: { ...template.metadata?.labels, [HASH_LABEL]: hash } };
  const name = `${d.metadata.name}-${hash}`;
  const rs: ReplicaSet = {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, namespace: d.metadata.namespace, ownerReferences: [controllerRef(d)], labels: { ...template.metadata.labels } },
    spec: { replicas: 0, minReadySeconds: d.spec?.minReadySeconds ?? 0, selector: selectorWithHash(d.spec?.selector, hash), template },
  };
  const replicas = newRSNewReplicas(d, [...oldRSs, rs], rs);
  rs.spec!.replicas = replicas;
  setNewReplicaSetAnnotations(d, rs, newRevision, false, maxSurge(d));

  let created: ReplicaSet;
  let alreadyExists = false;
  try {
    created = await s.ctx.api.create(RESOURCES.replicasets, d.metadata.namespace, rs);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.code === 409 && e.reason === 'AlreadyExists') {
      const found = await s.ctx.api.get<ReplicaSet>(RESOURCES.replicasets, d.metadata.namespace, name);
      if (!found || controllerOf(found)?.uid !== d.metadata.uid || !equalIgnoreHash(d.spec?.template, found.spec?.template)) {
        // someone else's ReplicaSet holds the name: try the next hash
        d.status = { ...d.status, collisionCount: (d.status?.collisionCount ?? 0) + 1 };
        await writeStatus(s);
        throw e; // a conflict: the runner syncs again at once, with the new count
      }
      created = found;
      alreadyExists = true;
    } else if (e.status?.details?.causes?.some((c) => c.reason === 'NamespaceTerminating')) {
      throw new SyncAborted(e.message);
    } else {
      const message = `Failed to create new replica set "${name}": ${e.status?.message ?? e.message}`;
      if (hasProgressDeadline(d)) {
        setCondition((d.status ??= {}), newCondition('Progressing', 'False', REASON.failedRSCreate, message, s.now));
        await writeStatus(s).catch(() => undefined);
      }
      await emit(s.ctx.events.warning(s.d, REASON.failedRSCreate, message));
      throw e;
    }
  }
  remember(s, created);

  let needsUpdate = setDeploymentRevision(d, String(newRevision));
  if (!alreadyExists && hasProgressDeadline(d)) {
    setCondition((d.status ??= {}), newCondition('Progressing', 'True', REASON.newReplicaSet, `Created new replica set "${created.metadata.name}"`, s.now));
    needsUpdate = true;
  }
  if (needsUpdate) holdStatus(s);
  if (!alreadyExists && replicas > 0) await emit(s.ctx.events.normal(s.d, 'ScalingReplicaSet', `Scaled up replica set ${created.metadata.name} from 0 to ${replicas}`));
  return created;
}
