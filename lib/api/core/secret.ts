/** core/v1 Secret. */
import * as v from 'valibot';
import { bool, bytesMap, str, strMap } from '../../schema/fields.ts';
import { objectEntries, type KubeObject } from '../meta.ts';

export const secret = v.object({
  ...objectEntries,
  data: bytesMap(2, { doc: 'Secret data: keys of [-._a-zA-Z0-9]+, base64-encoded values.' }),
  type: str(3, { doc: 'Used to facilitate programmatic handling of secret data (default Opaque).' }),
  stringData: strMap(4, { doc: 'Write-only convenience: non-binary values merged into data on write; never output.' }),
  immutable: bool(5, { ptr: true, doc: 'If true, data cannot be updated (only the object metadata can be modified).' }),
});

export interface Secret extends KubeObject {
  data?: Record<string, string>;
  type?: string;
  stringData?: Record<string, string>;
  immutable?: boolean;
}
