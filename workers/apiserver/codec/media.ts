/** Request body media types, as the apiserver negotiates them (charset and other parameters ignored). */
import { unsupportedMediaType } from '../../../lib/errors.ts';

export const JSON_TYPE = 'application/json';
export const YAML_TYPE = 'application/yaml';
export const PROTOBUF_TYPE = 'application/vnd.kubernetes.protobuf';
/** What create/update accept, in Kubernetes' order (the 415 message lists them so). */
export const BODY_TYPES = [JSON_TYPE, YAML_TYPE, PROTOBUF_TYPE] as const;
export type BodyType = (typeof BODY_TYPES)[number];

/** The bare media type; an absent Content-Type means JSON, as in Kubernetes. */
export function mediaType(contentType: string | null | undefined): string {
  const bare = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return bare === '' ? JSON_TYPE : bare;
}

/** The body type of a create/update request, or 415 UnsupportedMediaType. */
export function bodyType(contentType: string | null | undefined): BodyType {
  const t = mediaType(contentType);
  if ((BODY_TYPES as readonly string[]).includes(t)) return t as BodyType;
  throw unsupportedMediaType([...BODY_TYPES]);
}
