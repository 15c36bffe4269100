/**
 * PATCH bodies end to end, as the apiserver's patch handler treats them: parse the body (with
 * the error texts Kubernetes gives for each patch type), apply it to the live object, then
 * decode the result for the kind (types checked, unknown fields pruned; a failure here is a
 * 422 Invalid on `patch`, like Kubernetes'). Server-side apply is not handled here.
 */
import type * as v from 'valibot';
import { badRequest, fieldErr, invalid } from '../../../lib/errors.ts';
import type { KubeObject } from '../../../lib/api/meta.ts';
import { conform } from '../codec/conform.ts';
import type { Decoded, FieldValidation } from '../codec/decode.ts';
import { goKind } from '../codec/errors.ts';
import { JsonSyntaxError, readJson } from '../codec/json.ts';
import { goFormat } from './errors.ts';
import { jsonPatch } from './json.ts';
import { mergePatch } from './merge.ts';
import { strategicMerge } from './strategic.ts';

export const JSON_PATCH = 'application/json-patch+json';
export const MERGE_PATCH = 'application/merge-patch+json';
export const STRATEGIC_PATCH = 'application/strategic-merge-patch+json';
export type PatchType = typeof JSON_PATCH | typeof MERGE_PATCH | typeof STRATEGIC_PATCH;

export interface Patched {
  object: unknown;
  /** strict decoding errors found in the patch body itself (duplicate or unknown fields) */
  strictErrors: string[];
  /** how Kubernetes quotes the patch in a later 422: the patched JSON, or the SMP patch map */
  quoted: string;
}

const JSON_PATCH_OP_FIELDS = new Set(['op', 'path', 'from', 'value']);

function read(body: Uint8Array, duplicates: boolean, syntax: (e: JsonSyntaxError) => Error) {
  try {
    return readJson(body, { duplicates });
  } catch (e) {
    throw e instanceof JsonSyntaxError ? syntax(e) : e;
  }
}

/**
 * In Strict and Warn modes Kubernetes first decodes a JSON patch into its own `[]jsonPatchOp`
 * (op, path, from: strings) to find unknown fields; a body of the wrong shape fails there, with
 * Go's first type error. (In Ignore mode the JSON patch library's own decoding reports it.)
 */
function jsonPatchOpsTypeError(value: unknown): string | undefined {
  if (value === null) return undefined;
  if (!Array.isArray(value)) return `json: cannot unmarshal ${goKind(value)} into Go value of type []handlers.jsonPatchOp`;
  for (const op of value) {
    if (op === null) continue;
    if (typeof op !== 'object' || Array.isArray(op)) return `json: cannot unmarshal ${goKind(op)} into Go value of type handlers.jsonPatchOp`;
    for (const [k, x] of Object.entries(op as Record<string, unknown>))
      if (k !== 'value' && JSON_PATCH_OP_FIELDS.has(k) && x !== null && typeof x !== 'string')
        return `json: cannot unmarshal ${goKind(x)} into Go struct field jsonPatchOp.${k} of type string`;
  }
  return undefined;
}

/** Parses a patch body and applies it to `live` (not modified). Throws 400/413/422 StatusErrors. */
export function applyPatchBody(type: PatchType, live: unknown, body: Uint8Array, schema: v.GenericSchema, fv: FieldValidation): Patched {
  const strict = fv !== 'Ignore';
  const dupes = (d: string[], prefix = '') => d.map((p) => `${prefix}duplicate field ${JSON.stringify(p)}`);
  switch (type) {
    case STRATEGIC_PATCH: {
      const { value, duplicates } = read(body, strict, (e) => badRequest(e.message));
      const object = strategicMerge(live, value, schema);
      return { object, strictErrors: dupes(duplicates), quoted: goFormat(value ?? {}) };
    }
    case MERGE_PATCH: {
      const { value, duplicates } = read(body, strict, (e) => badRequest(strict ? `error decoding patch: ${e.message}` : 'Invalid JSON Patch'));
      if (strict && value !== null && (typeof value !== 'object' || Array.isArray(value)))
        throw badRequest(`error decoding patch: json: cannot unmarshal ${goKind(value)} into Go value of type map[string]interface {}`);
      if (value === null || (typeof value !== 'object' && !Array.isArray(value))) throw badRequest('Invalid JSON Patch');
      const object = mergePatch(live, value);
      return { object, strictErrors: dupes(duplicates), quoted: JSON.stringify(object) };
    }
    case JSON_PATCH: {
      const { value, duplicates } = read(body, strict, (e) => badRequest(strict ? `error decoding patch: ${e.message}` : e.message));
      const strictErrors = dupes(duplicates, 'json patch ');
      if (strict) {
        const typeError = jsonPatchOpsTypeError(value);
        if (typeError) throw badRequest(`error decoding patch: ${typeError}`);
      }
      if (strict && Array.isArray(value)) {
        value.forEach((op, i) => {
          if (op && typeof op === 'object' && !Array.isArray(op))
            for (const k of Object.keys(op)) if (!JSON_PATCH_OP_FIELDS.has(k)) strictErrors.push(`json patch unknown field ${JSON.stringify(`[${i}].${k}`)}`);
        });
      }
      const object = jsonPatch(live, value);
      return { object, strictErrors, quoted: JSON.stringify(object) };
    }
  }
}

/**
 * The patched object as an object of the kind: a type error, or (Strict) any strict error, is
 * 422 `"" is invalid: patch: Invalid value: "<quoted>": ...`; Warn returns them as warnings.
 */
export function decodePatched(patched: Patched, schema: v.GenericSchema, kind: string, fv: FieldValidation): Decoded {
  const bad = (err: string) => invalid({ group: '', kind: '' }, '', [fieldErr.invalid('patch', patched.quoted, err)]);
  const obj = patched.object;
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj))
    throw bad(`json: cannot unmarshal ${goKind(obj)} into Go value of type v1.${kind}`);
  const c = conform(obj, schema, kind);
  if (c.typeError) throw bad(c.typeError);
  const strict = [...patched.strictErrors, ...c.unknown.map((u) => `unknown field ${JSON.stringify(u)}`)];
  if (strict.length && fv === 'Strict') throw bad(`strict decoding error: ${strict.join(', ')}`);
  return { object: c.value as KubeObject, warnings: fv === 'Warn' ? strict : [] };
}
