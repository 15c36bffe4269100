/**
 * cel-go's sets extension (ext.Sets, in Kubernetes' base environment since 1.29): lists as sets,
 * their elements compared with CEL's equality (`1 == 1.0`).
 *   sets.contains(a, b)    every element of b is in a (an empty b: true)
 *   sets.equivalent(a, b)  each contains the other
 *   sets.intersects(a, b)  some element is in both
 */
import { celFunc, CelScalar, listType, type CelList } from '@bufbuild/cel';
import { charge } from './cost.ts';
import { celEquals } from './values.ts';

const LIST = listType(CelScalar.DYN);
const { BOOL } = CelScalar;

function contains(a: CelList, b: CelList): boolean {
  charge(a.size * b.size);
  const items = [...a];
  for (const x of b) if (!items.some((y) => celEquals(x, y))) return false;
  return true;
}

export const setsFuncs = [
  celFunc('sets.contains', [LIST, LIST], BOOL, contains),
  celFunc('sets.equivalent', [LIST, LIST], BOOL, (a, b) => contains(a, b) && contains(b, a)),
  celFunc('sets.intersects', [LIST, LIST], BOOL, (a, b) => {
    charge(a.size * b.size);
    const items = [...a];
    for (const x of b) if (items.some((y) => celEquals(x, y))) return true;
    return false;
  }),
];
