/**
 * JSON merge patch (RFC 7386, `application/merge-patch+json`): objects merge key by key, `null`
 * deletes, anything else (arrays included) replaces. Neither input is modified.
 */

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch);
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [k, value] of Object.entries(patch)) {
    if (value === null) delete out[k];
    else out[k] = mergePatch(out[k], value);
  }
  return out;
}
