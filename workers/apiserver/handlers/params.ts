/** Query parameters of write and read requests, checked as Kubernetes checks them. */
import { badRequest } from '../../../lib/errors.ts';

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

export function dryRun(q: URLSearchParams): boolean {
  const values = q.getAll('dryRun');
  for (const v of values) if (v !== 'All') throw badRequest(`Invalid dry run value: ${JSON.stringify(v)}: supported values: "All"`);
  return values.length > 0;
}

export function fieldValidation(q: URLSearchParams): FieldValidation {
  const v = q.get('fieldValidation');
  if (v === null || v === '') return 'Warn';
  const found = (['Strict', 'Warn', 'Ignore'] as const).find((x) => x.toLowerCase() === v.toLowerCase());
  if (!found) throw badRequest(`fieldValidation must be one of "Ignore", "Warn", or "Strict", got ${JSON.stringify(v)}`);
  return found;
}

export function intParam(q: URLSearchParams, name: string): number | undefined {
  const v = q.get(name);
  if (v === null || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n)) throw badRequest(`invalid value for ${name}: ${JSON.stringify(v)}`);
  return n;
}

export const boolParam = (q: URLSearchParams, name: string) => {
  const v = q.get(name);
  return v !== null && v !== '0' && v.toLowerCase() !== 'false';
};
