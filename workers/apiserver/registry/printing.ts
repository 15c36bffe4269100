/**
 * Shared pieces of server-side Table printing, with Kubernetes' exact output rules
 * (shared/reference/printers.md §1). The server always builds the wide table: every column, every
 * cell; kubectl hides priority-1 columns itself.
 */
import type { KubeObject, LabelSelector } from '../../../lib/api/meta.ts';
import type { TableColumn } from './types.ts';
import { labelValue, qualifiedName } from './validation.ts';

/** ObjectMeta's OpenAPI docs, which Kubernetes uses as the Name and Age column descriptions. */
export const NAME_DOC =
  'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names';
export const CREATION_TIMESTAMP_DOC =
  'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata';

/** A column as the JSON carries it: format, description and priority are always present. */
export const column = (name: string, type: TableColumn['type'], description = '', priority = 0, format = ''): TableColumn => ({
  name,
  type,
  format,
  description,
  priority,
});

export const nameColumn: TableColumn = column('Name', 'string', NAME_DOC, 0, 'name');
export const ageColumn: TableColumn = column('Age', 'string', CREATION_TIMESTAMP_DOC);

/** Go's duration.HumanDuration of a duration in milliseconds. */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  const days = Math.trunc(hours / 24);
  if (hours < 24 * 8) return hours % 24 === 0 ? `${days}d` : `${days}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${days}d`;
  const years = Math.trunc(days / 365);
  if (hours < 24 * 365 * 8) return days % 365 === 0 ? `${years}y` : `${years}y${days % 365}d`;
  return `${years}y`;
}

/** The age of a timestamp at `now` (epoch ms); a missing or unparsable timestamp is `<unknown>`. */
export function age(ts: string | null | undefined, now: number): string {
  if (!ts) return '<unknown>';
  const t = Date.parse(ts);
  if (Number.isNaN(t)) return '<unknown>';
  return humanDuration(now - t);
}

/** FormatLabels: sorted `k=v` joined by `,`; `<none>` when empty. */
export function formatLabels(m: Record<string, string> | null | undefined): string {
  const keys = Object.keys(m ?? {}).sort();
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${m![k]}`).join(',');
}

const OPERATORS: Record<string, (key: string, values: string[]) => string | undefined> = {
  In: (k, vs) => (vs.length ? `${k} in (${[...vs].sort().join(',')})` : undefined),
  NotIn: (k, vs) => (vs.length ? `${k} notin (${[...vs].sort().join(',')})` : undefined),
  Exists: (k, vs) => (vs.length ? undefined : k),
  DoesNotExist: (k, vs) => (vs.length ? undefined : `!${k}`),
};

/**
 * metav1.LabelSelectorAsSelector(sel).String(): requirements sorted by key. An empty or missing
 * selector gives `""`; an invalid one (bad key or value, unknown operator, wrong value count) gives undefined.
 */
export function selectorString(sel: LabelSelector | null | undefined): string | undefined {
  const reqs: { key: string; text: string }[] = [];
  // labels.NewRequirement: keys must be qualified names, values label values
  const valid = (key: string, values: string[]) => qualifiedName(key).length === 0 && values.every((x) => labelValue(x).length === 0);
  for (const [k, val] of Object.entries(sel?.matchLabels ?? {})) {
    if (!valid(k, [val])) return undefined;
    reqs.push({ key: k, text: `${k}=${val}` });
  }
  for (const e of sel?.matchExpressions ?? []) {
    const text = OPERATORS[e.operator]?.(e.key, e.values ?? []);
    if (text === undefined || !valid(e.key, e.values ?? [])) return undefined;
    reqs.push({ key: e.key, text });
  }
  // Array.prototype.sort is stable: equal keys keep matchLabels-then-expressions order, as Go's does in practice.
  return reqs
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((r) => r.text)
    .join(',');
}

/** FormatLabelSelector: the selector string, `<none>` when empty, `<error>` when invalid. */
export function formatSelector(sel: LabelSelector | null | undefined): string {
  const s = selectorString(sel);
  if (s === undefined) return '<error>';
  return s === '' ? '<none>' : s;
}

/** At most 3 items joined by `,`, then ` + N more...`. */
export function joinMax3(items: string[]): string {
  if (items.length <= 3) return items.join(',');
  return `${items.slice(0, 3).join(',')} + ${items.length - 3} more...`;
}

/** The default convertor for kinds without a printer: Name and Created At (an RFC 3339 date, not an age). */
export const defaultTable = {
  columns: [nameColumn, column('Created At', 'date', CREATION_TIMESTAMP_DOC)],
  cells: (obj: KubeObject): unknown[] => [obj.metadata?.name ?? '', obj.metadata?.creationTimestamp ?? null],
};
