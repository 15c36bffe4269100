/**
 * CheckRequest of Kubernetes' ResourceQuota admission, as a pure function: given the quotas of
 * the namespace and an object being created (or updated), either the quotas as they would be
 * with the object charged (status.used raised), or the reason it is refused. The caller writes
 * the changed quotas at the revision it read them (admission.ts).
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { ResourceQuota } from '../../../lib/api/core/resourcequota.ts';
import { addUsage, exceeding, mask, negatives, prettyPrint, removeZeros, sameUsage, subtractNonNegative, toResourceList, toUsage, type Usage } from './resource-list.ts';
import { quotaMatches, type Evaluator, type Operation } from './evaluators.ts';

export type CheckResult = { ok: true; quotas: ResourceQuota[]; changed: boolean[] } | { ok: false; message: string };

export interface Request {
  op: Operation;
  obj: KubeObject;
  /** the stored object, on update */
  old?: KubeObject;
  now: number;
}

export function checkRequest(quotas: ResourceQuota[], req: Request, ev: Evaluator): CheckResult {
  const unchanged: CheckResult = { ok: true, quotas, changed: quotas.map(() => false) };
  if (!ev.handles(req.op)) return unchanged;
  const interesting: number[] = [];
  for (let i = 0; i < quotas.length; i++) {
    const rq = quotas[i];
    if (!quotaMatches(rq, req.obj, ev)) continue;
    const restricted = ev.matchingResources(Object.keys(rq.status?.hard ?? {}));
    const failed = ev.constraints(restricted, req.obj);
    if (failed) return { ok: false, message: `failed quota: ${rq.metadata.name}: ${failed}` };
    const used = rq.status?.used ?? {};
    const unknown = restricted.filter((r) => !(r in used));
    if (unknown.length) return { ok: false, message: `status unknown for quota: ${rq.metadata.name}, resources: ${[...restricted].sort().join(',')}` };
    interesting.push(i);
  }
  if (!interesting.length) return unchanged;

  const input = ev.usage(req.obj, req.now);
  const neg = negatives(input);
  if (neg.length) return { ok: false, message: `quota usage is negative for resource(s): ${neg.sort().join(',')}` };
  const delta = new Map<number, Usage>(interesting.map((i) => [i, input]));
  // an update is charged the difference, for quotas the old object was already counted in
  if (req.op === 'UPDATE' && req.old?.metadata.resourceVersion) {
    const diff = subtractNonNegative(input, ev.usage(req.old, req.now));
    for (const i of interesting) if (quotaMatches(quotas[i], req.old, ev)) delta.set(i, diff);
  }

  const out = quotas.map((q) => structuredClone(q));
  const changed = quotas.map(() => false);
  for (const i of interesting) {
    const d = removeZeros(delta.get(i)!);
    if (!Object.keys(d).length) continue;
    const rq = out[i];
    const hard = toUsage(rq.status?.hard);
    const used = toUsage(rq.status?.used);
    const requested = mask(d, Object.keys(hard));
    const next = addUsage(used, requested);
    const over = exceeding(mask(next, Object.keys(requested)), hard);
    if (over.length)
      return {
        ok: false,
        message: `exceeded quota: ${rq.metadata.name}, requested: ${prettyPrint(mask(requested, over))}, used: ${prettyPrint(mask(used, over))}, limited: ${prettyPrint(mask(hard, over))}`,
      };
    if (!sameUsage(next, used)) {
      rq.status = { ...rq.status, used: toResourceList(next) };
      changed[i] = true;
    }
  }
  return { ok: true, quotas: out, changed };
}
