/**
 * A workload's history as ControllerRevisions, shared by the StatefulSet and DaemonSet
 * controllers (Kubernetes' controller/history). Each revision stores the strategic merge patch
 * that brings its pod template back (`{"spec":{"template":{...,"$patch":"replace"}}}`), which is
 * what `kubectl rollout undo` sends, and a number: the newest is the highest, and going back to
 * an older template renumbers that revision instead of making a new one.
 */
import type { ControllerRevision } from '../../../lib/api/apps/controllerrevision.ts';
import type { PodTemplateSpec } from '../../../lib/api/core/pod.ts';
import type { KubeObject, LabelSelector } from '../../../lib/api/meta.ts';
import { ApiError } from '../../../lib/client/client.ts';
import { fromLabelSelector, matches } from '../../../lib/selectors/label.ts';
import type { ControllerContext } from '../framework/controller.ts';
import { claim, controllerRef } from '../replicaset/ownership.ts';
import { REVISION_HASH_LABEL, revisionHash, revisionName, sortedJson } from './hash.ts';
import { CONTROLLER_REVISIONS } from './resources.ts';

/** What a StatefulSet and a DaemonSet have in common for their history. */
export interface Workload extends KubeObject {
  spec?: { selector?: LabelSelector; template?: PodTemplateSpec; revisionHistoryLimit?: number | null };
  status?: { collisionCount?: number | null };
}

/** What a revision stores: the patch that restores the template. */
export const revisionData = (w: Workload): unknown => ({ spec: { template: { ...structuredClone(w.spec?.template ?? {}), $patch: 'replace' } } });

/** The template a revision restores. */
export function templateOf(rev: ControllerRevision): PodTemplateSpec {
  const t = (rev.data as { spec?: { template?: PodTemplateSpec & { $patch?: string } } } | undefined)?.spec?.template ?? {};
  const { $patch: _, ...template } = structuredClone(t);
  return template;
}

/** By revision number, then age, then name (history.SortControllerRevisions). */
export function sortRevisions(revs: ControllerRevision[]): ControllerRevision[] {
  return [...revs].sort(
    (a, b) =>
      (a.revision ?? 0) - (b.revision ?? 0) ||
      (a.metadata.creationTimestamp ?? '').localeCompare(b.metadata.creationTimestamp ?? '') ||
      (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''),
  );
}

export const nextRevision = (revs: ControllerRevision[]) => Math.max(0, ...revs.map((r) => r.revision ?? 0)) + 1;

const sameData = (a: ControllerRevision, data: unknown) => sortedJson(a.data) === sortedJson(data);

/** The workload's revisions: those it controls that its selector matches, orphans adopted, strays released. */
export async function ownedRevisions(ctx: ControllerContext, w: Workload): Promise<ControllerRevision[]> {
  const selector = fromLabelSelector(w.spec?.selector);
  const list = await ctx.api.list<ControllerRevision>(CONTROLLER_REVISIONS, { namespace: w.metadata.namespace });
  const candidates = list.items.filter((r) => r.metadata.ownerReferences?.some((o) => o.controller && o.uid === w.metadata.uid) || matches(selector, r.metadata.labels));
  return claim(ctx.api, CONTROLLER_REVISIONS, w, candidates, (r) => matches(selector, r.metadata.labels));
}

/** A new revision object for the workload's template (not yet created). */
export function newRevision(w: Workload, revision: number, collisionCount: number): ControllerRevision {
  const data = revisionData(w);
  const hash = revisionHash(data, collisionCount);
  const metadata: ControllerRevision['metadata'] = {
    name: revisionName(w.metadata.name!, hash),
    namespace: w.metadata.namespace,
    labels: { ...w.spec?.template?.metadata?.labels, [REVISION_HASH_LABEL]: hash },
    ownerReferences: [controllerRef(w)],
  };
  if (w.metadata.annotations && Object.keys(w.metadata.annotations).length) metadata.annotations = { ...w.metadata.annotations };
  return { apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata, data, revision };
}

export interface History {
  /** the revision of the current template */
  update: ControllerRevision;
  /** every revision, the update one included, sorted */
  revisions: ControllerRevision[];
  /** the collision count after any collision met while naming the update revision */
  collisionCount: number;
}

const alreadyExists = (e: unknown) => e instanceof ApiError && e.code === 409 && e.status?.reason === 'AlreadyExists';

/**
 * The revision of the workload's current template: the latest if it already is that template; an
 * older one with the same template renumbered as the latest (a rollback); else a new one, its
 * name perturbed by the collision count when another revision already has it with other data.
 */
export async function syncHistory(ctx: ControllerContext, w: Workload, owned: ControllerRevision[]): Promise<History> {
  const revisions = sortRevisions(owned);
  let collisionCount = w.status?.collisionCount ?? 0;
  const data = revisionData(w);
  const next = nextRevision(revisions);
  const equal = revisions.filter((r) => sameData(r, data));
  const latest = revisions.at(-1);
  let update: ControllerRevision;
  if (equal.length && equal.at(-1) === latest) update = latest!;
  else if (equal.length) {
    const old = equal.at(-1)!;
    update = await ctx.api.update<ControllerRevision>(CONTROLLER_REVISIONS, { ...old, revision: next });
  } else {
    for (;;) {
      const candidate = newRevision(w, next, collisionCount);
      try {
        update = await ctx.api.create<ControllerRevision>(CONTROLLER_REVISIONS, w.metadata.namespace, candidate);
        break;
      } catch (e) {
        if (!alreadyExists(e)) throw e;
        const existing = await ctx.api.get<ControllerRevision>(CONTROLLER_REVISIONS, w.metadata.namespace, candidate.metadata.name!);
        if (existing && sameData(existing, data)) {
          update = existing;
          break;
        }
        collisionCount++;
      }
    }
  }
  const all = sortRevisions([...revisions.filter((r) => r.metadata.name !== update.metadata.name), update]);
  return { update, revisions: all, collisionCount };
}

/**
 * Deletes the oldest revisions beyond revisionHistoryLimit, never one that is live (named in
 * `live`: the current and update revisions, and those pods still run).
 */
export async function truncateHistory(ctx: ControllerContext, w: Workload, revisions: ControllerRevision[], live: Set<string>): Promise<void> {
  const limit = w.spec?.revisionHistoryLimit ?? 10;
  const history = sortRevisions(revisions).filter((r) => !live.has(r.metadata.name!));
  const excess = history.slice(0, Math.max(0, history.length - limit));
  for (const r of excess) await ctx.api.delete(CONTROLLER_REVISIONS, r.metadata.namespace, r.metadata.name!);
}

