/**
 * Content negotiation: which representation the client accepts (a meta.k8s.io Table or the plain
 * object, as JSON) and what the request body is.
 */
import { notAcceptable } from '../../../lib/errors.ts';

export const TABLE_V1 = 'application/json;as=Table;v=v1;g=meta.k8s.io';
export const SERVED_TYPES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];

export interface MediaType {
  type: string;
  params: Record<string, string>;
}

export function parseMediaType(s: string): MediaType {
  const [type, ...rest] = s.split(';').map((x) => x.trim());
  const params: Record<string, string> = {};
  for (const p of rest) {
    const i = p.indexOf('=');
    if (i > 0) params[p.slice(0, i).trim().toLowerCase()] = p.slice(i + 1).trim().replace(/^"|"$/g, '');
  }
  return { type: type.toLowerCase(), params };
}

export type Representation = { as: 'object' } | { as: 'table'; version: 'v1' | 'v1beta1' };

/**
 * Picks the response representation from the Accept header, in the client's order. JSON is the
 * only wire format we write; protobuf-only clients get 406 (kubectl always offers JSON too).
 */
export function negotiate(accept: string | null | undefined): Representation {
  if (!accept) return { as: 'object' };
  for (const part of accept.split(',')) {
    const m = parseMediaType(part);
    if (m.params.as === 'Table' && m.params.g === 'meta.k8s.io' && (m.params.v === 'v1' || m.params.v === 'v1beta1'))
      return { as: 'table', version: m.params.v };
    if (m.params.as) continue; // another transformation (PartialObjectMetadata...): fall through to plain JSON
    if (m.type === 'application/json' || m.type === '*/*' || m.type === 'application/*' || m.type === 'application/yaml') return { as: 'object' };
  }
  throw notAcceptable(SERVED_TYPES);
}
