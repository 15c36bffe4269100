/** autoscaling/v1 Scale: the body of the `scale` subresource (kubectl scale). */
import * as v from 'valibot';
import { int32, obj, str } from '../schema/fields.ts';
import { objectEntries, type KubeObject } from './meta.ts';

export const scaleSchema = v.object({
  ...objectEntries,
  spec: obj(2, { replicas: int32(1, { doc: 'The desired number of instances for the scaled object.' }) }, { doc: 'Desired state of the scale.' }),
  status: obj(
    3,
    {
      replicas: int32(1, { keep: true, doc: 'The actual number of observed instances of the scaled object.' }),
      selector: str(2, { doc: 'Label query over pods that should match the replicas count, in string form.' }),
    },
    { doc: 'Current status of the scale (read-only).' },
  ),
});

export interface Scale extends KubeObject {
  spec?: { replicas?: number };
  status?: { replicas: number; selector?: string };
}
