/** ValidateContainerResourceRequirements: resource names, non-negative quantities, requests <= limits. */
import type { ResourceRequirements } from '../../../../../lib/api/core/pod.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { isNativeResource, validateContainerResourceName } from '../resource-names.ts';
import { NEGATIVE } from './messages.ts';
import { compareQuantities, nanoUnits } from '../../../../../lib/quantity/quantity.ts';

const isHugePages = (name: string) => name.startsWith('hugepages-');
/** cpu, memory and other kubernetes.io resources may be requested below their limit; extended resources may not. */
const overcommitAllowed = (name: string) => isNativeResource(name) && !isHugePages(name);

function validateQuantity(q: string | number, at: string): FieldError[] {
  const n = nanoUnits(q);
  return n !== undefined && n < 0n ? [fieldErr.invalid(at, String(q), NEGATIVE)] : [];
}

export function validateResources(r: ResourceRequirements | undefined, claimNames: Set<string>, at: string): FieldError[] {
  const errs: FieldError[] = [];
  const limits = r?.limits ?? {};
  const requests = r?.requests ?? {};
  // Go walks these maps in random order; sorted keys make the messages deterministic
  for (const name of Object.keys(limits).sort()) {
    const p = `${at}.limits[${name}]`;
    errs.push(...validateContainerResourceName(name, p), ...validateQuantity(limits[name], p));
  }
  for (const name of Object.keys(requests).sort()) {
    const p = `${at}.requests[${name}]`;
    const q = requests[name];
    errs.push(...validateContainerResourceName(name, p), ...validateQuantity(q, p));
    if (name in limits) {
      const cmp = compareQuantities(q, limits[name]);
      if (cmp !== 0 && cmp !== undefined && !overcommitAllowed(name))
        errs.push(fieldErr.invalid(`${at}.requests`, String(q), `must be equal to ${name} limit of ${limits[name]}`));
      else if (cmp === 1) errs.push(fieldErr.invalid(`${at}.requests`, String(q), `must be less than or equal to ${name} limit of ${limits[name]}`));
    } else if (!overcommitAllowed(name)) {
      errs.push(fieldErr.required(`${at}.limits`, 'Limit must be set for non overcommitable resources'));
    }
  }
  const seen = new Set<string>();
  (r?.claims ?? []).forEach((c, i) => {
    const p = `${at}.claims[${i}]`;
    const name = c.name ?? '';
    if (!name) errs.push(fieldErr.required(p));
    else if (seen.has(name)) errs.push(fieldErr.duplicate(p, name));
    else if (!claimNames.has(name)) errs.push(fieldErr.notFound(p, name));
    seen.add(name);
  });
  return errs;
}
