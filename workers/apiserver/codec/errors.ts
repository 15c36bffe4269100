/**
 * The 400s of body decoding, in Kubernetes' words (apiserver transformDecodeError): a body the
 * server cannot read a version/kind from is "unrecognized" and quoted; a body of a known kind
 * that does not decode "cannot be handled".
 */
import { badRequest, type StatusError } from '../../../lib/errors.ts';
import type { JsonSyntaxError } from './json.ts';

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** The body as Kubernetes quotes it: up to 30 bytes, hex-encoded unless it starts with `{`. */
export function summarizeBody(body: Uint8Array, max = 30): string {
  if (body.length === 0) return '<empty>';
  const head = body.subarray(0, max);
  const text = body[0] === 0x7b ? new TextDecoder().decode(head) : hex(head);
  return body.length > max ? `${text} ...` : text;
}

export const unrecognized = (kind: string, err: string, body: Uint8Array): StatusError =>
  badRequest(`the object provided is unrecognized (must be of type ${kind}): ${err} (${summarizeBody(body)})`);

export const cannotHandle = (bodyKind: string, version: string, kind: string, err: string): StatusError =>
  badRequest(`${bodyKind} in version ${JSON.stringify(version)} cannot be handled as a ${kind}: ${err}`);

/** Go's SyntaxError text does not say where; the cause does (kubectl prints only the message). */
export function jsonSyntaxError(kind: string, e: JsonSyntaxError, body: Uint8Array): StatusError {
  const err = unrecognized(kind, `couldn't get version/kind; json parse error: ${e.message}`, body);
  err.status.details = { causes: [{ reason: 'FieldValueInvalid', message: `${e.message} at line ${e.line}, column ${e.column} (byte ${e.offset})`, field: 'body' }] };
  return err;
}

/** The Go kind of a JSON value in UnmarshalTypeError texts. */
export const goKind = (x: unknown) => (Array.isArray(x) ? 'array' : x === null ? 'null' : typeof x === 'boolean' ? 'bool' : typeof x);
