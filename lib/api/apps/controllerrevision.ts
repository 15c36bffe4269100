/**
 * apps/v1 ControllerRevision: an immutable snapshot of a StatefulSet's or DaemonSet's template,
 * what `kubectl rollout history/undo` read. `data` is a runtime.RawExtension: any JSON (here, the
 * strategic merge patch that brings the template back).
 */
import * as v from 'valibot';
import { field, int64 } from '../../schema/fields.ts';
import { objectEntries, type KubeObject } from '../meta.ts';

export const controllerRevisionSchema = v.object({
  ...objectEntries,
  data: field(v.unknown(), { pb: 2 }, 'Data is the serialized representation of the state.'),
  revision: int64(3, { keep: true, doc: 'Revision indicates the revision of the state represented by Data.' }),
});

export interface ControllerRevision extends KubeObject {
  data?: unknown;
  revision?: number;
}
