/** admissionregistration.k8s.io/v1 validatingadmissionpolicybindings: which policy applies, with which params and actions. */
import { validatingAdmissionPolicyBinding, type ValidatingAdmissionPolicyBinding } from '../../../../../lib/api/admissionregistration/vap.ts';
import { age, ageColumn, column, nameColumn, selectorString } from '../../printing.ts';
import type { KindDescriptor } from '../../types.ts';
import { defaultMatchResources } from './defaults.ts';
import { validateBinding } from './vap-validation.ts';

function paramName(b: ValidatingAdmissionPolicyBinding): string {
  const pr = b.spec?.paramRef;
  if (!pr) return '<unset>';
  if (pr.name) return pr.namespace ? `${pr.namespace}/${pr.name}` : `*/${pr.name}`;
  if (pr.selector) return selectorString(pr.selector) ?? '';
  return '<unset>';
}

const desc: KindDescriptor<ValidatingAdmissionPolicyBinding> = {
  group: 'admissionregistration.k8s.io',
  version: 'v1',
  kind: 'ValidatingAdmissionPolicyBinding',
  resource: 'validatingadmissionpolicybindings',
  singular: 'validatingadmissionpolicybinding',
  namespaced: false,
  categories: ['api-extensions'],
  schema: validatingAdmissionPolicyBinding,
  openapiName: 'io.k8s.api.admissionregistration.v1.ValidatingAdmissionPolicyBinding',
  nameRule: 'subdomain',
  generation: 'spec',

  defaults(b) {
    defaultMatchResources(b.spec?.matchResources);
  },
  validate: validateBinding,

  table: {
    columns: [
      nameColumn,
      column('PolicyName', 'string', 'PolicyName indicates the policy definition which the policy binding binded to'),
      column('ParamRef', 'string', 'ParamRef indicates the param resource which sets the configration param'),
      ageColumn,
    ],
    cells: (b, now) => [b.metadata.name, b.spec?.policyName ?? '', paramName(b), age(b.metadata.creationTimestamp, now)],
  },
};

export default desc;
