/**
 * core/v1 limitranges: per-namespace min/max/default resource rules, applied to pods by the
 * LimitRanger admission plugin (workers/apiserver/quota/limit-ranger.ts). Validation follows
 * ValidateLimitRange: min ≤ defaultRequest ≤ default ≤ max, ratios at least 1 and within max/min.
 */
import { limitRange, type LimitRange } from '../../../../lib/api/core/limitrange.ts';
import type { ResourceList } from '../../../../lib/api/core/resourcequota.ts';
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import { cmp, formatQuantity, milliValue, parseQuantity, value, type Quantity } from '../../../../lib/quantity/quantity.ts';
import { column, CREATION_TIMESTAMP_DOC, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';
import { qualifiedName } from '../validation.ts';
import { goQuantity, invalidRendered, isNativeResource, validateContainerResourceName, validateResourceName } from './resource-names.ts';

const LIMIT_TYPES = new Set(['Pod', 'Container', 'PersistentVolumeClaim']);
/** resource.MaxMilliValue */
const MAX_MILLI = 9223372036854775n;

function validateTypeName(type: string, at: string): FieldError[] {
  const errs = qualifiedName(type).map((m) => fieldErr.invalid(at, type, m));
  if (!errs.length && !type.includes('/') && !LIMIT_TYPES.has(type)) errs.push(fieldErr.invalid(at, type, 'must be a standard limit type or fully qualified'));
  return errs;
}

const validateName = (type: string, name: string, at: string) => (type === 'Pod' || type === 'Container' ? validateContainerResourceName(name, at) : validateResourceName(name, at));

/** Go's %f */
export const goFloat = (x: number) => x.toFixed(6);

function validateItem(item: NonNullable<LimitRange['spec']>['limits'] extends (infer I)[] | null | undefined ? I : never, at: string): FieldError[] {
  const type = item.type ?? '';
  const errs: FieldError[] = [];
  const keys = new Set<string>();
  const read = (field: 'max' | 'min' | 'default' | 'defaultRequest' | 'maxLimitRequestRatio', list: ResourceList | null | undefined) => {
    const out = new Map<string, { q: Quantity; text: string | number }>();
    for (const k of Object.keys(list ?? {}).sort()) {
      errs.push(...validateName(type, k, `${at}.${field}[${k}]`));
      keys.add(k);
      const q = parseQuantity(list![k]);
      if (q) out.set(k, { q, text: list![k] });
    }
    return out;
  };
  const max = read('max', item.max);
  const min = read('min', item.min);
  let defaults = new Map<string, { q: Quantity; text: string | number }>();
  let defaultRequests = defaults;
  if (type === 'Pod') {
    if (Object.keys(item.default ?? {}).length) errs.push(fieldErr.forbidden(`${at}.default`, "may not be specified when `type` is 'Pod'"));
    if (Object.keys(item.defaultRequest ?? {}).length) errs.push(fieldErr.forbidden(`${at}.defaultRequest`, "may not be specified when `type` is 'Pod'"));
  } else {
    defaults = read('default', item.default);
    defaultRequests = read('defaultRequest', item.defaultRequest);
  }
  if (type === 'PersistentVolumeClaim' && !(item.min && 'storage' in item.min) && !(item.max && 'storage' in item.max))
    errs.push(fieldErr.required(`${at}.limits`, 'either minimum or maximum storage value is required, but neither was provided'));
  const ratios = read('maxLimitRequestRatio', item.maxLimitRequestRatio);

  const s = (x: { q: Quantity }) => formatQuantity(x.q);
  for (const k of [...keys].sort()) {
    const [mn, mx, df, dr, ratio] = [min.get(k), max.get(k), defaults.get(k), defaultRequests.get(k), ratios.get(k)];
    // the value each message carries is Kubernetes' (default > max reports max)
    if (mn && mx && cmp(mn.q, mx.q) > 0) errs.push(invalidRendered(`${at}.min[${k}]`, goQuantity(mn.text), `min value ${s(mn)} is greater than max value ${s(mx)}`));
    if (dr && mn && cmp(mn.q, dr.q) > 0) errs.push(invalidRendered(`${at}.defaultRequest[${k}]`, goQuantity(dr.text), `min value ${s(mn)} is greater than default request value ${s(dr)}`));
    if (dr && mx && cmp(dr.q, mx.q) > 0) errs.push(invalidRendered(`${at}.defaultRequest[${k}]`, goQuantity(dr.text), `default request value ${s(dr)} is greater than max value ${s(mx)}`));
    if (dr && df && cmp(dr.q, df.q) > 0) errs.push(invalidRendered(`${at}.defaultRequest[${k}]`, goQuantity(dr.text), `default request value ${s(dr)} is greater than default limit value ${s(df)}`));
    if (df && mn && cmp(mn.q, df.q) > 0) errs.push(invalidRendered(`${at}.default[${k}]`, goQuantity(mn.text), `min value ${s(mn)} is greater than default value ${s(df)}`));
    if (df && mx && cmp(df.q, mx.q) > 0) errs.push(invalidRendered(`${at}.default[${k}]`, goQuantity(mx.text), `default value ${s(df)} is greater than max value ${s(mx)}`));
    if (ratio && ratio.q.nano < 1_000_000_000n) errs.push(invalidRendered(`${at}.maxLimitRequestRatio[${k}]`, goQuantity(ratio.text), `ratio ${s(ratio)} is less than 1`));
    if (ratio && mn && mx) {
      let ratioValue = Number(value(ratio.q));
      let minValue = value(mn.q);
      let maxValue = value(mx.q);
      if (value(ratio.q) < MAX_MILLI && minValue < MAX_MILLI && maxValue < MAX_MILLI) {
        ratioValue = Number(milliValue(ratio.q)) / 1000;
        minValue = milliValue(mn.q);
        maxValue = milliValue(mx.q);
      }
      const limit = Number(maxValue) / Number(minValue);
      if (ratioValue > limit) errs.push(invalidRendered(`${at}.maxLimitRequestRatio[${k}]`, goQuantity(ratio.text), `ratio ${s(ratio)} is greater than max/min = ${goFloat(limit)}`));
    }
    // resources that cannot be overcommitted need default == defaultRequest
    const overcommit = isNativeResource(k) && !k.startsWith('hugepages-');
    if (!overcommit && df && dr && cmp(df.q, dr.q) !== 0)
      errs.push(invalidRendered(`${at}.defaultRequest[${k}]`, goQuantity(dr.text), `default value ${s(df)} must equal to defaultRequest value ${s(dr)} in ${k}`));
  }
  return errs;
}

const desc: KindDescriptor<LimitRange> = {
  group: '',
  version: 'v1',
  kind: 'LimitRange',
  resource: 'limitranges',
  singular: 'limitrange',
  namespaced: true,
  shortNames: ['limits'],
  schema: limitRange,
  openapiName: 'io.k8s.api.core.v1.LimitRange',
  nameRule: 'subdomain',

  validate(lr) {
    const errs: FieldError[] = [];
    const seen = new Set<string>();
    (lr.spec?.limits ?? []).forEach((item, i) => {
      const at = `spec.limits[${i}]`;
      const type = item.type ?? '';
      errs.push(...validateTypeName(type, `${at}.type`));
      if (seen.has(type)) errs.push(fieldErr.duplicate(`${at}.type`, type));
      seen.add(type);
      errs.push(...validateItem(item, at));
    });
    return errs;
  },

  table: {
    columns: [nameColumn, column('Created At', 'date', CREATION_TIMESTAMP_DOC)],
    cells: (lr) => [lr.metadata.name, lr.metadata.creationTimestamp ?? null],
  },
};

export default desc;
