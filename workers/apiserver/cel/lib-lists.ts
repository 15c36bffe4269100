/**
 * Kubernetes' lists library (k8s.io/apiserver/pkg/cel/library/lists.go): isSorted, sum, min,
 * max, indexOf, lastIndexOf on lists of comparable values.
 */
import { celMethod, CelScalar, listType, type CelList } from '@bufbuild/cel';
import { charge } from './cost.ts';
import { celEquals, compare, typeName } from './values.ts';

const LIST = listType(CelScalar.DYN);
const { BOOL, DYN, INT } = CelScalar;

function ordered(l: CelList, name: string): unknown[] {
  charge(l.size);
  const items = [...l];
  for (let i = 1; i < items.length; i++)
    if (compare(items[i - 1], items[i]) === undefined) throw new Error(`no such overload: ${name} over ${typeName(items[i - 1])} and ${typeName(items[i])}`);
  return items;
}

function extreme(l: CelList, name: 'min' | 'max'): unknown {
  const items = ordered(l, name);
  if (!items.length) throw new Error(`${name} called on empty list`);
  let best = items[0];
  for (const x of items) if ((compare(x, best) ?? 0) * (name === 'min' ? -1 : 1) > 0) best = x;
  return best;
}

function sum(l: CelList): unknown {
  const items = ordered(l, 'sum');
  if (!items.length) return 0n;
  let acc = items[0] as bigint | number;
  for (const x of items.slice(1)) {
    if (typeof acc !== typeof x) throw new Error(`no such overload: sum over ${typeName(acc)} and ${typeName(x)}`);
    acc = (acc as number) + (x as number);
  }
  return acc;
}

function indexOf(l: CelList, x: unknown, last: boolean): bigint {
  charge(l.size);
  const items = [...l];
  if (last) {
    for (let i = items.length - 1; i >= 0; i--) if (celEquals(items[i], x)) return BigInt(i);
  } else for (let i = 0; i < items.length; i++) if (celEquals(items[i], x)) return BigInt(i);
  return -1n;
}

export const listFuncs = [
  celMethod('isSorted', LIST, [], BOOL, function () {
    const items = ordered(this, 'isSorted');
    for (let i = 1; i < items.length; i++) if ((compare(items[i - 1], items[i]) ?? 0) > 0) return false;
    return true;
  }),
  celMethod('sum', LIST, [], DYN, function () {
    return sum(this) as never;
  }),
  celMethod('min', LIST, [], DYN, function () {
    return extreme(this, 'min') as never;
  }),
  celMethod('max', LIST, [], DYN, function () {
    return extreme(this, 'max') as never;
  }),
  celMethod('indexOf', LIST, [DYN], INT, function (x) {
    return indexOf(this, x, false);
  }),
  celMethod('lastIndexOf', LIST, [DYN], INT, function (x) {
    return indexOf(this, x, true);
  }),
];
