/**
 * The Table of a custom resource (apiextensions' tableconvertor): Name, then each of the version's
 * additionalPrinterColumns (or Age when it declares none), cells from their JSONPath (first
 * result; none is null): string columns printed as jsonpath prints, integer/number/boolean
 * coerced, dates as an age (`<invalid>` when unparsable).
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { PrinterColumn } from '../../../lib/api/apiextensions.ts';
import type { TableColumn } from '../registry/types.ts';
import { age, column, nameColumn } from '../registry/printing.ts';
import { evaluate, parseJsonPath, type Step } from './jsonpath.ts';

const AGE: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };

function printed(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || typeof v !== 'object') return String(v);
  return JSON.stringify(v);
}

function cell(type: string, v: unknown, now: number): unknown {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'string':
      return printed(v);
    case 'integer':
      return typeof v === 'number' ? Math.trunc(v) : null;
    case 'number':
      return typeof v === 'number' ? v : null;
    case 'boolean':
      return typeof v === 'boolean' ? v : null;
    case 'date':
      if (typeof v !== 'string') return null;
      return Number.isNaN(Date.parse(v)) ? '<invalid>' : age(v, now);
    default:
      return null;
  }
}

export function customTable(declared: PrinterColumn[] | undefined): { columns: TableColumn[]; cells(obj: KubeObject, now: number): unknown[] } {
  const cols = declared?.length ? declared : [AGE];
  const paths: (Step[] | undefined)[] = cols.map((c) => {
    try {
      return parseJsonPath(c.jsonPath ?? '');
    } catch {
      return undefined;
    }
  });
  const columns = [
    nameColumn,
    ...cols.map((c) =>
      column(c.name ?? '', (c.type ?? 'string') as TableColumn['type'], c.description || `Custom resource definition column (in JSONPath format): ${c.jsonPath}`, c.priority ?? 0, c.format ?? ''),
    ),
  ];
  return {
    columns,
    cells: (obj, now) => [obj.metadata.name, ...cols.map((c, i) => (paths[i] ? cell(c.type ?? 'string', evaluate(paths[i]!, obj)[0], now) : null))],
  };
}
