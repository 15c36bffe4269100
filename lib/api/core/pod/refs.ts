/**
 * core/v1 reference and selector types shared by containers and volumes. Field numbers from
 * k8s.io/api core/v1 generated.proto (shared/reference/merge-apply-protobuf.md §2.5).
 */
import { bool, inline, int32, message, quantity, str } from '../../../schema/fields.ts';

/** The name of an object in the pod's namespace (inlined in selectors and volume sources). */
export const localName = (doc = 'Name of the referent.') => inline(1, { name: str(1, { doc }) });

export { localObjectReference } from '../refs.ts';

export const keyToPath = message({
  key: str(1, { keep: true, doc: 'key is the key to project.' }),
  path: str(2, { keep: true, doc: 'path is the relative path of the file to map the key to.' }),
  mode: int32(3, { ptr: true, doc: 'mode bits used to set permissions on this file (0000-0777).' }),
});

export const objectFieldSelector = message(
  {
    apiVersion: str(1, { doc: 'Version of the schema the FieldPath is written in terms of, defaults to "v1".' }),
    fieldPath: str(2, { keep: true, doc: 'Path of the field to select in the specified API version.' }),
  },
  { structType: 'atomic' },
);

export const resourceFieldSelector = message(
  {
    containerName: str(1, { doc: 'Container name: required for volumes, optional for env vars.' }),
    resource: str(2, { keep: true, doc: 'Required: resource to select.' }),
    divisor: quantity(3, { doc: 'Specifies the output format of the exposed resources, defaults to "1".' }),
  },
  { structType: 'atomic' },
);

export const configMapKeySelector = message(
  {
    ...localName('Name of the ConfigMap.'),
    key: str(2, { keep: true, doc: 'The key to select.' }),
    optional: bool(3, { ptr: true, doc: 'Specify whether the ConfigMap or its key must be defined.' }),
  },
  { structType: 'atomic' },
);

export const secretKeySelector = message(
  {
    ...localName('Name of the Secret.'),
    key: str(2, { keep: true, doc: 'The key of the secret to select from. Must be a valid secret key.' }),
    optional: bool(3, { ptr: true, doc: 'Specify whether the Secret or its key must be defined.' }),
  },
  { structType: 'atomic' },
);

export const typedLocalObjectReference = message(
  {
    apiGroup: str(1, { ptr: true, doc: 'APIGroup is the group for the resource being referenced.' }),
    kind: str(2, { keep: true, doc: 'Kind is the type of resource being referenced.' }),
    name: str(3, { keep: true, doc: 'Name is the name of resource being referenced.' }),
  },
  { structType: 'atomic' },
);

export const typedObjectReference = message({
  apiGroup: str(1, { ptr: true, doc: 'APIGroup is the group for the resource being referenced.' }),
  kind: str(2, { keep: true, doc: 'Kind is the type of resource being referenced.' }),
  name: str(3, { keep: true, doc: 'Name is the name of resource being referenced.' }),
  namespace: str(4, { ptr: true, doc: 'Namespace is the namespace of resource being referenced.' }),
});
