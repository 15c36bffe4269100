/**
 * JSON patch (RFC 6902, `application/json-patch+json`) via fast-json-patch. As in Kubernetes, a
 * body that is not a list of operation objects is a 400, more than 10000 operations a 413, and
 * any operation that fails to apply (a failed `test`, a missing path, an unknown op) a 422.
 */
// the default export exists in both the CommonJS build (node) and the ESM build (bundlers)
import jsonpatch, { type Operation } from 'fast-json-patch';
import { badRequest } from '../../../lib/errors.ts';
import { goKind } from '../codec/errors.ts';
import { MAX_JSON_PATCH_OPERATIONS, patchNotApplicable, tooManyOperations } from './errors.ts';


/** Applies operations to a copy of `doc` and returns it. */
export function jsonPatch(doc: unknown, ops: unknown): unknown {
  if (ops === null) ops = [];
  if (!Array.isArray(ops)) throw badRequest(`json: cannot unmarshal ${goKind(ops)} into Go value of type jsonpatch.Patch`);
  for (const op of ops) {
    if (typeof op !== 'object' || op === null || Array.isArray(op))
      throw badRequest(`json: cannot unmarshal ${goKind(op)} into Go value of type jsonpatch.Operation`);
  }
  if (ops.length > MAX_JSON_PATCH_OPERATIONS) throw tooManyOperations(ops.length);
  try {
    return jsonpatch.applyPatch(structuredClone(doc), ops as Operation[], true, true, true).newDocument;
  } catch {
    throw patchNotApplicable();
  }
}
