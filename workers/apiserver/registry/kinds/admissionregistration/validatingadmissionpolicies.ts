/** admissionregistration.k8s.io/v1 validatingadmissionpolicies: CEL policies (admission/vap/). */
import { validatingAdmissionPolicy, type ValidatingAdmissionPolicy } from '../../../../../lib/api/admissionregistration/vap.ts';
import { age, ageColumn, column, nameColumn } from '../../printing.ts';
import type { KindDescriptor } from '../../types.ts';
import { defaultMatchResources } from './defaults.ts';
import { validatePolicy } from './vap-validation.ts';

/**
 * The status Kubernetes' policy controller writes after type checking; here at once, with the
 * generation the write will have (expressions are checked against dyn objects, so no warnings).
 */
function observed(p: ValidatingAdmissionPolicy, generation: number): void {
  p.status = { ...(p.status ?? {}), observedGeneration: generation, typeChecking: {} };
}

const desc: KindDescriptor<ValidatingAdmissionPolicy> = {
  group: 'admissionregistration.k8s.io',
  version: 'v1',
  kind: 'ValidatingAdmissionPolicy',
  resource: 'validatingadmissionpolicies',
  singular: 'validatingadmissionpolicy',
  namespaced: false,
  categories: ['api-extensions'],
  schema: validatingAdmissionPolicy,
  openapiName: 'io.k8s.api.admissionregistration.v1.ValidatingAdmissionPolicy',
  nameRule: 'subdomain',
  subresources: { status: true },
  generation: 'spec',

  defaults(p) {
    if (!p.spec) return;
    p.spec.failurePolicy ??= 'Fail';
    defaultMatchResources(p.spec.matchConstraints);
  },
  prepareForCreate(p) {
    observed(p, 1);
  },
  prepareForUpdate(p, old) {
    const changed = JSON.stringify(p.spec ?? {}) !== JSON.stringify(old.spec ?? {});
    observed(p, (old.metadata.generation ?? 1) + (changed ? 1 : 0));
  },
  validate: validatePolicy,

  table: {
    columns: [
      nameColumn,
      column('Validations', 'integer', 'Validations indicates the number of validation rules defined in this configuration'),
      column('ParamKind', 'string', 'ParamKind specifies the kind of resources used to parameterize this policy'),
      ageColumn,
    ],
    cells: (p, now) => [
      p.metadata.name,
      p.spec?.validations?.length ?? 0,
      p.spec?.paramKind ? `${p.spec.paramKind.apiVersion ?? ''}/${p.spec.paramKind.kind ?? ''}` : '<unset>',
      age(p.metadata.creationTimestamp, now),
    ],
  },
};

export default desc;
