/** The PersistentVolumeClaim template of a generic ephemeral volume (VolumeSource.ephemeral). */
import { message, obj, quantityMap, str, strList } from '../../../schema/fields.ts';
import { labelSelector, objectMeta } from '../../meta.ts';
import { typedLocalObjectReference, typedObjectReference } from './refs.ts';

export const volumeResourceRequirements = message({
  limits: quantityMap(1, { doc: 'The maximum amount of storage resources allowed.' }),
  requests: quantityMap(2, { doc: 'The minimum amount of storage resources required.' }),
});

export const persistentVolumeClaimSpec = message({
  accessModes: strList(1, { listType: 'atomic', doc: 'The desired access modes the volume should have.' }),
  selector: obj(4, labelSelector, { ptr: true, doc: 'A label query over volumes to consider for binding.' }),
  resources: obj(2, volumeResourceRequirements, { doc: 'The minimum resources the volume should have.' }),
  volumeName: str(3, { doc: 'The binding reference to the PersistentVolume backing this claim.' }),
  storageClassName: str(5, { ptr: true, doc: 'The name of the StorageClass required by the claim.' }),
  volumeMode: str(6, { ptr: true, doc: 'What type of volume is required by the claim: Filesystem or Block.' }),
  dataSource: obj(7, typedLocalObjectReference, { ptr: true, doc: 'An existing VolumeSnapshot or PVC to populate the volume from.' }),
  dataSourceRef: obj(8, typedObjectReference, { ptr: true, doc: 'The object from which to populate the volume with data.' }),
  volumeAttributesClassName: str(9, { ptr: true, doc: 'The VolumeAttributesClass used by this claim.' }),
});

export const persistentVolumeClaimTemplate = message({
  metadata: obj(1, objectMeta, { doc: 'Labels and annotations copied into the PVC when creating it.' }),
  spec: obj(2, persistentVolumeClaimSpec, { doc: 'The specification for the PersistentVolumeClaim.' }),
});

