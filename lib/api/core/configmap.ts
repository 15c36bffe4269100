/** core/v1 ConfigMap. */
import * as v from 'valibot';
import { bool, bytesMap, strMap } from '../../schema/fields.ts';
import { objectEntries, type KubeObject } from '../meta.ts';

export const configMap = v.object({
  ...objectEntries,
  data: strMap(2, { doc: 'Configuration data: keys of [-._a-zA-Z0-9]+, UTF-8 values.' }),
  binaryData: bytesMap(3, { doc: 'Binary configuration data (base64 in JSON); keys must not overlap with data.' }),
  immutable: bool(4, { ptr: true, doc: 'If true, data and binaryData cannot be updated (only the object metadata can be modified).' }),
});

export interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
  binaryData?: Record<string, string>;
  immutable?: boolean;
}
