/**
 * An apiVersion's group and version, as apimachinery's ParseGroupVersion reads it: `v1` is the
 * core group's, `apps/v1` the apps group's, and more than one slash is no group-version at all.
 */
export interface GroupVersion {
  group: string;
  version: string;
}

export function parseGroupVersion(apiVersion: string): GroupVersion | undefined {
  const parts = apiVersion.split('/');
  if (parts.length === 1) return { group: '', version: parts[0] };
  if (parts.length === 2) return { group: parts[0], version: parts[1] };
  return undefined;
}

/** `v1` → '', `apps/v1` → 'apps' (an unparsable apiVersion has no group either). */
export const groupOf = (apiVersion: string): string => parseGroupVersion(apiVersion)?.group ?? '';

/** `apps/v1, Kind=Deployment`, `/v1, Kind=Pod`: Go's GroupVersionKind.String(). */
export const gvkString = (gv: GroupVersion, kind: string): string => `${gv.group}/${gv.version}, Kind=${kind}`;
