/** ValidateDeploymentStrategy: Recreate, or RollingUpdate with a valid maxUnavailable/maxSurge pair. */
import type { DeploymentSpec } from '../../../../../lib/api/apps/deployment.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { nonNegative } from '../pod/messages.ts';

type IntOrPercent = number | string | undefined;

const PERCENT = /^[0-9]+%$/;
const PERCENT_MSG = "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

/** Go's %#v of an intstr.IntOrString, as ValidatePositiveIntOrPercent prints it. */
export const goIntOrString = (v: IntOrPercent) =>
  typeof v === 'string' ? `intstr.IntOrString{Type:1, IntVal:0, StrVal:${JSON.stringify(v)}}` : `intstr.IntOrString{Type:0, IntVal:${v ?? 0}, StrVal:""}`;

export function positiveIntOrPercent(v: IntOrPercent, path: string): FieldError[] {
  if (typeof v === 'string') return PERCENT.test(v) ? [] : [{ type: 'FieldValueInvalid', field: path, body: `Invalid value: ${goIntOrString(v)}: ${PERCENT_MSG}` }];
  return nonNegative(v, path);
}

/** The value of an int or percent for the "both zero" and "over 100%" checks. */
export const percentValue = (v: IntOrPercent) => (typeof v === 'string' ? (PERCENT.test(v) ? Number(v.slice(0, -1)) : 0) : (v ?? 0));

export function validateStrategy(s: DeploymentSpec['strategy'], path: string): FieldError[] {
  const errs: FieldError[] = [];
  switch (s?.type) {
    case 'Recreate':
      if (s.rollingUpdate) errs.push(fieldErr.forbidden(`${path}.rollingUpdate`, "may not be specified when strategy `type` is 'Recreate'"));
      break;
    case 'RollingUpdate': {
      const ru = s.rollingUpdate;
      if (!ru) {
        errs.push(fieldErr.required(`${path}.rollingUpdate`, 'this should be defaulted and never be nil'));
        break;
      }
      const rp = `${path}.rollingUpdate`;
      errs.push(...positiveIntOrPercent(ru.maxUnavailable, `${rp}.maxUnavailable`), ...positiveIntOrPercent(ru.maxSurge, `${rp}.maxSurge`));
      if (percentValue(ru.maxUnavailable) === 0 && percentValue(ru.maxSurge) === 0)
        errs.push({ type: 'FieldValueInvalid', field: `${rp}.maxUnavailable`, body: `Invalid value: ${goIntOrString(ru.maxUnavailable)}: may not be 0 when \`maxSurge\` is 0` });
      if (typeof ru.maxUnavailable === 'string' && percentValue(ru.maxUnavailable) > 100)
        errs.push({ type: 'FieldValueInvalid', field: `${rp}.maxUnavailable`, body: `Invalid value: ${goIntOrString(ru.maxUnavailable)}: must not be greater than 100%` });
      break;
    }
    default: {
      // Kubernetes prints the whole strategy (Go %#v; a set rollingUpdate shows as a pointer)
      const ru = s?.rollingUpdate ? '(*apps.RollingUpdateDeployment)(0xc000000000)' : '(*apps.RollingUpdateDeployment)(nil)';
      const value = `apps.DeploymentStrategy{Type:${JSON.stringify(s?.type ?? '')}, RollingUpdate:${ru}}`;
      errs.push({ type: 'FieldValueNotSupported', field: path, body: `Unsupported value: ${value}: supported values: "Recreate", "RollingUpdate"` });
    }
  }
  return errs;
}

