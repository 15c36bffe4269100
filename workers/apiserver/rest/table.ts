/**
 * Server-side Table output (printers.md §4): the kind's printer columns, one row per object,
 * each row carrying the object's metadata (kubectl needs it for -A, --show-labels, -L).
 */
import type { KubeObject, ListMeta } from '../../../lib/api/meta.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { defaultTable } from '../registry/printing.ts';

export interface TableOptions {
  version: 'v1' | 'v1beta1';
  /** what each row carries: nothing, PartialObjectMetadata (default) or the whole object */
  includeObject?: 'None' | 'Metadata' | 'Object';
  /** a watch sends column definitions with its first event only */
  noHeaders?: boolean;
}

export function tableOf(desc: KindDescriptor, objects: KubeObject[], opts: TableOptions, listMeta: ListMeta = {}, now = Date.now()) {
  const printer = desc.table ?? defaultTable;
  const apiVersion = `meta.k8s.io/${opts.version}`;
  const include = opts.includeObject ?? 'Metadata';
  return {
    kind: 'Table',
    apiVersion,
    metadata: listMeta,
    columnDefinitions: opts.noHeaders ? null : printer.columns,
    rows: objects.map((o) => ({
      cells: printer.cells(o, now),
      ...(include === 'None' ? {} : { object: include === 'Object' ? o : { kind: 'PartialObjectMetadata', apiVersion, metadata: o.metadata } }),
    })),
  };
}
