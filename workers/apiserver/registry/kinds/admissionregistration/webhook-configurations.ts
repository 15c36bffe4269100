/**
 * admissionregistration.k8s.io/v1 mutatingwebhookconfigurations and validatingwebhookconfigurations:
 * cluster-scoped, no status, printed as NAME WEBHOOKS AGE. Admission webhooks never run for these
 * (admission/webhooks/matching.ts), so a broken webhook can always be removed.
 */
import {
  ADMISSIONREGISTRATION_GROUP,
  mutatingWebhookConfiguration,
  validatingWebhookConfiguration,
  type WebhookConfiguration,
} from '../../../../../lib/api/admissionregistration/webhooks.ts';
import { age, ageColumn, column, nameColumn } from '../../printing.ts';
import type { KindDescriptor } from '../../types.ts';
import { defaultWebhooks, validateWebhookConfiguration } from './webhook-validation.ts';

const table: KindDescriptor<WebhookConfiguration>['table'] = {
  columns: [nameColumn, column('Webhooks', 'integer', 'Webhooks indicates the number of webhooks registered in this configuration'), ageColumn],
  cells: (o, now) => [o.metadata.name, (o.webhooks ?? []).length, age(o.metadata.creationTimestamp, now)],
};

function descriptor(kind: string, mutating: boolean): KindDescriptor<WebhookConfiguration> {
  const resource = `${kind.toLowerCase()}s`;
  return {
    group: ADMISSIONREGISTRATION_GROUP,
    version: 'v1',
    kind,
    resource,
    singular: kind.toLowerCase(),
    namespaced: false,
    schema: mutating ? mutatingWebhookConfiguration : validatingWebhookConfiguration,
    openapiName: `io.k8s.api.admissionregistration.v1.${kind}`,
    nameRule: 'subdomain',
    // Kubernetes' strategies bump generation on any change of the webhooks
    generation: 'spec',

    defaults: (o) => defaultWebhooks(o, mutating),
    validate: (o) => validateWebhookConfiguration(o, mutating),

    table,
  };
}

export const mutatingWebhookConfigurations = descriptor('MutatingWebhookConfiguration', true);
export const validatingWebhookConfigurations = descriptor('ValidatingWebhookConfiguration', false);
