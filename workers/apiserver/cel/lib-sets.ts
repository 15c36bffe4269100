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

/** `a`'s elements, the comparisons of `b`'s against them charged */
function elementsOf(a: CelList, b: CelList): unknown[] {
  charge(a.size * b.size);
  return [...a];
}

const within = (items: unknown[], x: unknown) => items.some((y) => celEquals(x, y));

function contains(a: CelList, b: CelList): boolean {
  const items = elementsOf(a, b);
  return [...b].every((x) => within(items, x));
}

export const setsFuncs = [
  celFunc('sets.contains', [LIST, LIST], BOOL, contains),
  celFunc('sets.equivalent', [LIST, LIST], BOOL, (a, b) => contains(a, b) && contains(b, a)),
  celFunc('sets.intersects', [LIST, LIST], BOOL, (a, b) => {
    const items = elementsOf(a, b);
    return [...b].some((x) => within(items, x));
  }),
];
