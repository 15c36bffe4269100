/** core/v1 object references, shared by many kinds (Event, Binding, Endpoints, ServiceAccount, ...). */
import { message, str } from '../../schema/fields.ts';

export const objectReference = message(
  {
    kind: str(1, { doc: 'Kind of the referent.' }),
    namespace: str(2, { doc: 'Namespace of the referent.' }),
    name: str(3, { doc: 'Name of the referent.' }),
    uid: str(4, { doc: 'UID of the referent.' }),
    apiVersion: str(5, { doc: 'API version of the referent.' }),
    resourceVersion: str(6, { doc: 'Specific resourceVersion to which this reference is made, if any.' }),
    fieldPath: str(7, { doc: 'If referring to a piece of an object instead of an entire object, the path to that piece (e.g. spec.containers{name}).' }),
  },
  { structType: 'atomic' },
);

export const localObjectReference = message(
  { name: str(1, { doc: 'Name of the referent in the same namespace.' }) },
  { structType: 'atomic' },
);

export interface ObjectReference {
  kind?: string;
  namespace?: string;
  name?: string;
  uid?: string;
  apiVersion?: string;
  resourceVersion?: string;
  fieldPath?: string;
}

export interface LocalObjectReference {
  name?: string;
}
