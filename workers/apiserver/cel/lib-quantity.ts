/**
 * Kubernetes' quantity library (library/quantity.go): quantity(s), isQuantity(s), and on a
 * Quantity sign, isInteger, asInteger, asApproximateFloat, compareTo, isGreaterThan, isLessThan,
 * add and sub (a Quantity or an int). Exact arithmetic from lib/quantity.
 */
import { celFunc, celMethod, CelScalar } from '@bufbuild/cel';
import { add, cmp, formatQuantity, fromInt, parseQuantity, sub, type Quantity } from '../../../lib/quantity/quantity.ts';
import { fieldsOf, make, QUANTITY, T } from './opaque.ts';

const { STRING, BOOL, INT, DOUBLE } = CelScalar;
const NANO = 1_000_000_000n;
const MAX_INT64 = (1n << 63n) - 1n;

const of = (v: unknown): Quantity => parseQuantity(fieldsOf<{ value: string }>(v).value)!;
const wrap = (q: Quantity) => make(QUANTITY, { value: formatQuantity(q) }) as never;

export const quantityFuncs = [
  celFunc('quantity', [STRING], T.quantity, (s) => {
    const q = parseQuantity(s);
    if (!q) throw new Error('quantities must match the regular expression \'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$\'');
    return make(QUANTITY, { value: s }) as never;
  }),
  celFunc('isQuantity', [STRING], BOOL, (s) => parseQuantity(s) !== undefined),
  celMethod('sign', T.quantity, [], INT, function () {
    const n = of(this).nano;
    return n > 0n ? 1n : n < 0n ? -1n : 0n;
  }),
  celMethod('isInteger', T.quantity, [], BOOL, function () {
    const n = of(this).nano;
    return n % NANO === 0n && n / NANO <= MAX_INT64 && n / NANO >= -MAX_INT64 - 1n;
  }),
  celMethod('asInteger', T.quantity, [], INT, function () {
    const n = of(this).nano;
    if (n % NANO !== 0n || n / NANO > MAX_INT64 || n / NANO < -MAX_INT64 - 1n) throw new Error('cannot convert value to integer');
    return n / NANO;
  }),
  celMethod('asApproximateFloat', T.quantity, [], DOUBLE, function () {
    return Number(of(this).nano) / 1e9;
  }),
  celMethod('compareTo', T.quantity, [T.quantity], INT, function (o) {
    return BigInt(cmp(of(this), of(o)));
  }),
  celMethod('isGreaterThan', T.quantity, [T.quantity], BOOL, function (o) {
    return cmp(of(this), of(o)) > 0;
  }),
  celMethod('isLessThan', T.quantity, [T.quantity], BOOL, function (o) {
    return cmp(of(this), of(o)) < 0;
  }),
  celMethod('add', T.quantity, [T.quantity], T.quantity, function (o) {
    return wrap(add(of(this), of(o)));
  }),
  celMethod('add', T.quantity, [INT], T.quantity, function (n) {
    return wrap(add(of(this), fromInt(n)));
  }),
  celMethod('sub', T.quantity, [T.quantity], T.quantity, function (o) {
    return wrap(sub(of(this), of(o)));
  }),
  celMethod('sub', T.quantity, [INT], T.quantity, function (n) {
    return wrap(sub(of(this), fromInt(n)));
  }),
];
