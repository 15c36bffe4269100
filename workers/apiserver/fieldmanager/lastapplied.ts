/**
 * Interplay with client-side apply's annotation, for the manager `kubectl` only (what
 * `kubectl apply --server-side` uses by default), as Kubernetes does so that objects created with
 * client-side apply can move to server-side apply:
 * - conflicts on fields the annotation says kubectl applied (and that still hold those values)
 *   are not conflicts: the apply is forced;
 * - after the apply, the annotation, if present, is rewritten to the new configuration.
 */
import type * as v from 'valibot';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { compare } from './compare.ts';
import type { FieldSet } from './fieldset.ts';
import { fieldSet } from './owned.ts';
import { goJson } from './path.ts';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
export const CLIENT_SIDE_UPGRADER = 'kubectl';

const annotation = (obj: KubeObject | null | undefined) => obj?.metadata?.annotations?.[LAST_APPLIED];

/** Fields of the last-applied configuration whose values the live object still has. */
export function lastAppliedFields(live: KubeObject | null | undefined, schema: v.GenericSchema): FieldSet | undefined {
  const text = annotation(live);
  if (!text) return undefined;
  let last: unknown;
  try {
    last = JSON.parse(text);
  } catch {
    return undefined;
  }
  const diff = compare(last, live, schema);
  return fieldSet(last, schema).difference(diff.modified).difference(diff.added).difference(diff.removed);
}

/** `obj` with the annotation set to `config` (itself without the annotation), if `obj` had one. */
export function withLastApplied(obj: KubeObject, config: KubeObject): KubeObject {
  if (annotation(obj) === undefined) return obj;
  const configMeta = { ...config.metadata };
  if (configMeta.annotations) {
    const { [LAST_APPLIED]: _, ...rest } = configMeta.annotations;
    configMeta.annotations = rest;
  }
  const value = `${goJson({ ...config, metadata: configMeta })}\n`;
  return { ...obj, metadata: { ...obj.metadata, annotations: { ...obj.metadata.annotations, [LAST_APPLIED]: value } } };
}
