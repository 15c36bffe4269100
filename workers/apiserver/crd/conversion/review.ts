/**
 * The ConversionReview exchange with a CRD's conversion webhook, and the checks Kubernetes makes
 * of its answer (apiextensions-apiserver's webhook_converter.go), with its messages: the response
 * is the version asked for (v1: its kind and uid too), says Success, returns one object per object
 * sent, each of the desired apiVersion, of the same kind, name, namespace and uid; of the metadata
 * only labels and annotations may change — the rest is restored from the original.
 */
import type { KubeObject } from '../../../../lib/api/meta.ts';
import { gvkString, parseGroupVersion } from '../../../../lib/api/group-version.ts';
import { aggregateText, type FieldError } from '../../../../lib/errors.ts';
import { validateAnnotations, validateLabels } from '../../registry/validation.ts';
import { REVIEW_VERSIONS } from '../../registry/validation-webhook-client.ts';

const REVIEW_GROUP = 'apiextensions.k8s.io';

/** The request for the first of the webhook's versions this server speaks; undefined when none. */
export function conversionReview(reviewVersions: string[], uid: string, desiredAPIVersion: string, objects: KubeObject[]) {
  const version = reviewVersions.find((v) => REVIEW_VERSIONS.includes(v));
  if (!version) return undefined;
  return { version, body: { kind: 'ConversionReview', apiVersion: `${REVIEW_GROUP}/${version}`, request: { uid, desiredAPIVersion, objects } } };
}

interface ReviewAnswer {
  apiVersion?: string;
  kind?: string;
  response?: { uid?: string; convertedObjects?: unknown[]; result?: { status?: string; message?: string } };
}

/** getConvertedObjectsFromResponse: the converted objects, or an Error in Kubernetes' words. */
export function convertedObjects(version: string, uid: string, answer: unknown): unknown[] {
  const a = (answer ?? {}) as ReviewAnswer;
  if (version === 'v1') {
    const got = gvkString(parseGroupVersion(a.apiVersion ?? '') ?? { group: '', version: '' }, a.kind ?? '');
    const want = gvkString({ group: REVIEW_GROUP, version: 'v1' }, 'ConversionReview');
    if (got !== want) throw new Error(`expected webhook response of ${want}, got ${got}`);
  }
  const res = a.response;
  if (!res) throw new Error('no response provided');
  // v1beta1 answers were never checked for their uid: Kubernetes keeps it so
  if (version === 'v1' && res.uid !== uid) throw new Error(`expected response.uid=${JSON.stringify(uid)}, got ${JSON.stringify(res.uid ?? '')}`);
  const status = res.result?.status ?? '';
  if (status !== 'Success') throw new Error(res.result?.message || `response.result.status was '${status}', not 'Success'`);
  return res.convertedObjects ?? [];
}

/**
 * One converted object checked against its original and given the original's metadata (with the
 * webhook's labels and annotations): the object to serve, or the reason it is refused.
 */
export function checkedConversion(original: KubeObject, converted: unknown, desiredAPIVersion: string): { object: KubeObject } | { invalid: string } | { invalidMeta: string } {
  if (typeof converted !== 'object' || converted === null || Array.isArray(converted)) return { invalid: 'invalid type, expected=Unstructured' };
  const out = converted as KubeObject;
  if (out.apiVersion !== desiredAPIVersion) return { invalid: `invalid groupVersion (expected ${desiredAPIVersion}, received ${out.apiVersion ?? ''})` };
  if (out.kind !== original.kind) return { invalid: `invalid kind (expected ${original.kind}, received ${out.kind ?? ''})` };
  const [m, o] = [original.metadata ?? {}, (out.metadata ?? {}) as KubeObject['metadata']];
  if ((o.name ?? '') !== (m.name ?? '')) return { invalid: `must have the same name: ${m.name ?? ''} != ${o.name ?? ''}` };
  if ((o.namespace ?? '') !== (m.namespace ?? '')) return { invalid: `must have the same namespace: ${m.namespace ?? ''} != ${o.namespace ?? ''}` };
  if ((o.uid ?? '') !== (m.uid ?? '')) return { invalid: `must have the same UID: ${m.uid ?? ''} != ${o.uid ?? ''}` };
  if (!out.metadata) return { invalidMeta: 'missing metadata in converted object' };
  const metadata: KubeObject['metadata'] = structuredClone(m);
  for (const field of ['labels', 'annotations'] as const) {
    const given = o[field] as unknown;
    if (given == null) {
      delete metadata[field];
      continue;
    }
    if (typeof given !== 'object' || Array.isArray(given)) return { invalidMeta: `invalid metadata.${field} of type ${goType(given)} in converted object` };
    for (const [k, v] of Object.entries(given)) if (typeof v !== 'string') return { invalidMeta: `metadata.${field}[${k}] must be a string, but is ${goType(v)} in converted object` };
    const map = given as Record<string, string>;
    const errs: FieldError[] = field === 'labels' ? validateLabels(map, 'metadata.labels') : validateAnnotations(map, 'metadata.annotation');
    if (errs.length) return { invalidMeta: aggregateText(errs) };
    metadata[field] = map;
  }
  return { object: { ...out, metadata } };
}

/** The Go type a JSON value decodes to, as `%T` prints it. */
function goType(v: unknown): string {
  if (v === null) return '<nil>';
  if (Array.isArray(v)) return '[]interface {}';
  if (typeof v === 'object') return 'map[string]interface {}';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64';
  return typeof v === 'boolean' ? 'bool' : 'string';
}
