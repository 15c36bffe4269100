/**
 * Label and field selectors as one predicate over objects. Every kind supports the field
 * selectors metadata.name and metadata.namespace; others are declared by the kind. An unknown
 * field or a malformed selector is a 400, never an empty result.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import { badRequest } from '../../../lib/errors.ts';
import { labelsMatch, parseLabelSelector } from '../../../lib/selectors/label.ts';
import { fieldsMatch, parseFieldSelector } from '../../../lib/selectors/field.ts';
import type { KindDescriptor } from '../registry/types.ts';

const COMMON: Record<string, (o: KubeObject) => string | undefined> = {
  'metadata.name': (o) => o.metadata.name,
  'metadata.namespace': (o) => o.metadata.namespace ?? '',
};

/** undefined when nothing is selected on (storage counts what remains only then). */
export function objectFilter(desc: KindDescriptor, labelSelector?: string, fieldSelector?: string): ((o: KubeObject) => boolean) | undefined {
  const labels = labelSelector ? parseLabelSelector(labelSelector) : [];
  const fields = fieldSelector ? parseFieldSelector(fieldSelector) : [];
  const getters = { ...COMMON, ...(desc.fieldSelectors as Record<string, (o: KubeObject) => string | undefined> | undefined) };
  for (const f of fields) {
    if (!getters[f.field]) throw badRequest(`field label not supported: ${f.field}`);
  }
  if (!labels.length && !fields.length) return undefined;
  return (o) => labelsMatch(labels, o.metadata.labels ?? {}) && fieldsMatch(fields, (path) => getters[path]!(o) ?? '');
}
