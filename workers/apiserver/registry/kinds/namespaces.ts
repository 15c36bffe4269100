/** core/v1 namespaces (pkg/registry/core/namespace strategy). */
import { namespace, type Namespace } from '../../../../lib/api/core/namespace.ts';
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import { age, ageColumn, column, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';
import { qualifiedName } from '../validation.ts';

export const METADATA_NAME_LABEL = 'kubernetes.io/metadata.name';
const STANDARD_FINALIZERS = ['kubernetes', 'orphan', 'foregroundDeletion'];

/** The immutable label that lets selectors pick namespaces by name. */
function labelName(ns: Namespace) {
  if (ns.metadata.name) ns.metadata.labels = { ...ns.metadata.labels, [METADATA_NAME_LABEL]: ns.metadata.name };
}

const desc: KindDescriptor<Namespace> = {
  group: '',
  version: 'v1',
  kind: 'Namespace',
  resource: 'namespaces',
  singular: 'namespace',
  namespaced: false,
  shortNames: ['ns'],
  schema: namespace,
  openapiName: 'io.k8s.api.core.v1.Namespace',
  subresources: { status: true },
  nameRule: 'label',
  deleteReturnsObject: true,

  defaults(ns) {
    labelName(ns);
    const status = (ns.status ??= {});
    if (!status.phase) status.phase = 'Active';
  },
  prepareForCreate(ns) {
    ns.status = { phase: 'Active' };
    // required on create; later writes of spec.finalizers go through /finalize only
    const spec = (ns.spec ??= {});
    if (!spec.finalizers?.includes('kubernetes')) spec.finalizers = [...(spec.finalizers ?? []), 'kubernetes'];
    labelName(ns);
  },
  prepareForUpdate(ns, old) {
    ns.spec = { ...ns.spec, finalizers: old.spec?.finalizers };
    if (ns.spec.finalizers === undefined) delete ns.spec.finalizers;
    ns.status = old.status;
    labelName(ns);
  },
  validate(ns) {
    const errs: FieldError[] = [];
    for (const f of ns.spec?.finalizers ?? []) {
      for (const m of qualifiedName(f)) errs.push(fieldErr.invalid('spec.finalizers', f, m));
      if (!f.includes('/') && !STANDARD_FINALIZERS.includes(f))
        errs.push(fieldErr.invalid('spec.finalizers', f, 'name is neither a standard finalizer name nor is it fully qualified'));
    }
    return errs;
  },

  table: {
    columns: [nameColumn, column('Status', 'string', 'The status of the namespace'), ageColumn],
    cells: (ns, now) => [ns.metadata.name, ns.status?.phase ?? '', age(ns.metadata.creationTimestamp, now)],
  },
  fieldSelectors: { 'status.phase': (ns) => ns.status?.phase ?? '' },
};

export default desc;
