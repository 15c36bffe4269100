/**
 * The errors of applying a patch, as the apiserver reports them: a malformed patch is a 400, a
 * patch that cannot apply to the object is a 422 whose message (like Kubernetes') does not say why.
 */
import { badRequest, StatusError } from '../../../lib/errors.ts';

/** NewGenericServerResponse(422): what a failed JSON patch operation, or a list of lists, gets. */
export function patchNotApplicable(): StatusError {
  return new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'the server rejected our request due to an error in our request',
    reason: 'Invalid',
    details: {},
    code: 422,
  });
}

export const MAX_JSON_PATCH_OPERATIONS = 10000;
export function tooManyOperations(n: number): StatusError {
  return new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `Request entity too large: The allowed maximum operations in a JSON patch is ${MAX_JSON_PATCH_OPERATIONS}, got ${n}`,
    reason: 'RequestEntityTooLarge',
    code: 413,
  });
}

/** A strategic merge patch the server cannot interpret (Kubernetes answers some of these with 500). */
export const badStrategicPatch = (message: string) => badRequest(message);

/** Go's %v of a decoded JSON value (map[k:v ...] with sorted keys, [a b]), for error texts. */
export function goFormat(x: unknown): string {
  if (x === null || x === undefined) return '<nil>';
  if (Array.isArray(x)) return `[${x.map(goFormat).join(' ')}]`;
  if (typeof x === 'object')
    return `map[${Object.keys(x)
      .sort()
      .map((k) => `${k}:${goFormat((x as Record<string, unknown>)[k])}`)
      .join(' ')}]`;
  return String(x);
}
