/**
 * A CRD's status, kept by the API server as it writes the CRD (Kubernetes' naming and
 * establishing controllers do it moments later; here it is done in the same write, so a CRD is
 * Established when its create returns): acceptedNames, the NamesAccepted and Established
 * conditions, storedVersions. Terminating is set when its deletion starts (cleanup.ts).
 */
import type { CRDCondition, CustomResourceDefinition } from '../../../lib/api/apiextensions.ts';
import { rfc3339 } from '../rest/meta.ts';

/** Sets a condition, keeping its lastTransitionTime when its status does not change. */
export function setCondition(crd: CustomResourceDefinition, c: Omit<CRDCondition, 'lastTransitionTime'>, now: Date): void {
  const status = (crd.status ??= {});
  const conditions = (status.conditions ??= []);
  const i = conditions.findIndex((x) => x.type === c.type);
  const old = i >= 0 ? conditions[i] : undefined;
  const next: CRDCondition = { type: c.type, status: c.status, lastTransitionTime: old && old.status === c.status ? old.lastTransitionTime : rfc3339(now), reason: c.reason, message: c.message };
  if (i >= 0) conditions[i] = next;
  else conditions.push(next);
}

export function establish(crd: CustomResourceDefinition, now: Date): void {
  const status = (crd.status ??= {});
  status.acceptedNames = { ...crd.spec.names };
  setCondition(crd, { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found' }, now);
  setCondition(crd, { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' }, now);
  const storage = crd.spec.versions?.find((v) => v.storage)?.name;
  const stored = (status.storedVersions ??= []);
  if (storage && !stored.includes(storage)) stored.push(storage);
}

export const isEstablished = (crd: CustomResourceDefinition) => crd.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True') ?? false;
