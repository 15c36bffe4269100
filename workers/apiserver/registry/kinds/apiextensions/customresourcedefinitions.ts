/**
 * apiextensions.k8s.io/v1 customresourcedefinitions (lib/api/apiextensions.ts): each defines a
 * kind served in its cluster only (crd/custom-kinds.ts). Its status is written with it
 * (crd/status.ts); deleting one deletes its objects first (crd/cleanup.ts).
 */
import { APIEXTENSIONS_GROUP, customResourceDefinition, type CustomResourceDefinition } from '../../../../../lib/api/apiextensions.ts';
import { validateCRD, validateCRDUpdate } from '../../../crd/validation.ts';
import { establish } from '../../../crd/status.ts';
import type { KindDescriptor } from '../../types.ts';

const desc: KindDescriptor<CustomResourceDefinition> = {
  group: APIEXTENSIONS_GROUP,
  version: 'v1',
  kind: 'CustomResourceDefinition',
  resource: 'customresourcedefinitions',
  singular: 'customresourcedefinition',
  namespaced: false,
  shortNames: ['crd', 'crds'],
  categories: ['api-extensions'],
  schema: customResourceDefinition,
  openapiName: 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition',
  subresources: { status: true },
  nameRule: 'subdomain',
  generation: 'spec',

  defaults(crd) {
    const spec = (crd.spec ??= {});
    const names = spec.names;
    if (names?.kind) {
      names.singular ||= names.kind.toLowerCase();
      names.listKind ||= `${names.kind}List`;
    }
    spec.conversion ??= { strategy: 'None' };
    spec.conversion.strategy ??= 'None';
    if (spec.conversion.webhook?.clientConfig?.service) spec.conversion.webhook.clientConfig.service.port ??= 443;
    for (const v of spec.versions ?? []) {
      v.served ??= false;
      v.storage ??= false;
    }
  },
  prepareForCreate(crd) {
    crd.status = {};
    establish(crd, new Date());
  },
  prepareForUpdate(crd, old) {
    crd.status = old.status ? JSON.parse(JSON.stringify(old.status)) : {};
    if (!crd.metadata.deletionTimestamp) establish(crd, new Date());
  },
  validate: validateCRD,
  validateUpdate: validateCRDUpdate,
};

export default desc;
