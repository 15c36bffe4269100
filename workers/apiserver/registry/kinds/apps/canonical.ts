/** Kubernetes' semantic equality for plain JSON: keys sorted, and nil, empty lists and empty maps alike. */
function canonical(v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (Array.isArray(v)) return v.length ? v.map((x) => canonical(x) ?? null) : undefined;
  if (typeof v !== 'object') return v;
  const entries = Object.keys(v)
    .sort()
    .map((k) => [k, canonical((v as Record<string, unknown>)[k])] as const)
    .filter(([, x]) => x !== undefined);
  return entries.length ? Object.fromEntries(entries) : undefined;
}

export const canonicalJson = (v: unknown): string => JSON.stringify(canonical(v) ?? null);
