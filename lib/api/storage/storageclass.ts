/** storage.k8s.io/v1 StorageClass. Field numbers from k8s.io/api/storage/v1 generated.proto. */
import * as v from 'valibot';
import { bool, list, message, str, strList, strMap } from '../../schema/fields.ts';
import { objectEntries, type KubeObject } from '../meta.ts';

const topologySelectorTerm = message(
  {
    matchLabelExpressions: list(
      1,
      message({
        key: str(1, { keep: true, doc: 'The label key that the selector applies to.' }),
        values: strList(2, { listType: 'atomic', keep: true, doc: 'An array of string values; one must match the label to be selected.' }),
      }),
      { listType: 'atomic', doc: 'A list of topology selector requirements by labels.' },
    ),
  },
  { structType: 'atomic' },
);

export const storageClass = v.object({
  ...objectEntries,
  provisioner: str(2, { keep: true, doc: 'The type of the provisioner.' }),
  parameters: strMap(3, { doc: 'Parameters for the provisioner that should create volumes of this storage class.' }),
  reclaimPolicy: str(4, { ptr: true, doc: 'The reclaim policy of the volumes this class provisions: Delete (the default) or Retain.' }),
  mountOptions: strList(5, { listType: 'atomic', doc: 'Mount options of the volumes this class provisions, e.g. ["ro", "soft"].' }),
  allowVolumeExpansion: bool(6, { ptr: true, doc: 'Whether the storage class allows volume expand.' }),
  volumeBindingMode: str(7, { ptr: true, doc: 'How PersistentVolumeClaims are provisioned and bound: Immediate (the default) or WaitForFirstConsumer.' }),
  allowedTopologies: list(8, topologySelectorTerm, { listType: 'atomic', doc: 'Restrict the node topologies where volumes can be dynamically provisioned.' }),
});

export interface StorageClass extends KubeObject {
  provisioner: string;
  parameters?: Record<string, string> | null;
  reclaimPolicy?: string | null;
  mountOptions?: string[] | null;
  allowVolumeExpansion?: boolean | null;
  volumeBindingMode?: string | null;
  allowedTopologies?: { matchLabelExpressions?: { key: string; values: string[] }[] | null }[] | null;
}
