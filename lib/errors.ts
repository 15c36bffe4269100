/**
 * Errors are defined once and carry their Kubernetes `Status`; the edges (HTTP handler, watch
 * stream) render them. Message templates are Kubernetes' own (1.32), see
 * shared/reference/errors-validation-defaults.md §1.
 */
import type { Status, StatusCause } from './api/meta.ts';

export class StatusError extends Error {
  constructor(readonly status: Status) {
    super(status.message);
  }
  get code(): number {
    return this.status.code ?? 500;
  }
}

/** The resource as Kubernetes names it in messages: `pods`, `deployments.apps`. */
export interface ResourceRef {
  group: string;
  resource: string;
}
const qualified = (r: ResourceRef) => (r.group ? `${r.resource}.${r.group}` : r.resource);

function failure(code: number, reason: string, message: string, details?: Status['details']): StatusError {
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason };
  if (details) status.details = details;
  status.code = code;
  return new StatusError(status);
}

const detailsFor = (r: ResourceRef, name?: string): Status['details'] => {
  const d: Status['details'] = {};
  if (name !== undefined) d.name = name;
  if (r.group) d.group = r.group;
  d.kind = r.resource;
  return d;
};

export const notFound = (r: ResourceRef, name: string) =>
  failure(404, 'NotFound', `${qualified(r)} "${name}" not found`, detailsFor(r, name));

export const alreadyExists = (r: ResourceRef, name: string) =>
  failure(409, 'AlreadyExists', `${qualified(r)} "${name}" already exists`, detailsFor(r, name));

export const CONFLICT_MODIFIED = 'the object has been modified; please apply your changes to the latest version and try again';
export const conflict = (r: ResourceRef, name: string, err = CONFLICT_MODIFIED, causes?: StatusCause[]) =>
  failure(409, 'Conflict', `Operation cannot be fulfilled on ${qualified(r)} "${name}": ${err}`, { ...detailsFor(r, name), ...(causes ? { causes } : {}) });

export const forbidden = (r: ResourceRef | undefined, name: string | undefined, err: string, causes?: StatusCause[]) => {
  const what = !r ? 'forbidden' : name ? `${qualified(r)} "${name}" is forbidden` : `${qualified(r)} is forbidden`;
  const details = r ? detailsFor(r, name) : {};
  if (causes) details!.causes = causes;
  return failure(403, 'Forbidden', `${what}: ${err}`, details);
};

export const unauthorized = () => failure(401, 'Unauthorized', 'Unauthorized');
export const badRequest = (message: string) => failure(400, 'BadRequest', message);
export const methodNotAllowed = (message = 'the server does not allow this method on the requested resource') =>
  failure(405, 'MethodNotAllowed', message);
export const notAcceptable = (types: string[]) =>
  failure(406, 'NotAcceptable', `only the following media types are accepted: ${types.join(', ')}`);
export const unsupportedMediaType = (types: string[]) =>
  failure(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${types.join(', ')}`);
export const MAX_BODY_BYTES = 3 * 1024 * 1024;
export const tooLarge = () => failure(413, 'RequestEntityTooLarge', `Request entity too large: limit is ${MAX_BODY_BYTES}`);
export const expired = (message: string) => failure(410, 'Expired', message);
export const tooManyRequests = (message: string, retryAfterSeconds = 1) =>
  failure(429, 'TooManyRequests', message, { retryAfterSeconds });
export const timeout = (message: string) => failure(504, 'Timeout', `Timeout: ${message}`, {});
export const internal = (err: string) => failure(500, 'InternalError', `Internal error occurred: ${err}`, { causes: [{ message: err }] });
export const resourceNotFound = () => failure(404, 'NotFound', 'the server could not find the requested resource', {});

/** A field error as Kubernetes' field.Error renders it: `<field>: <body>`. */
export interface FieldError {
  type: 'FieldValueRequired' | 'FieldValueInvalid' | 'FieldValueForbidden' | 'FieldValueNotSupported' | 'FieldValueDuplicate' | 'FieldValueTooLong' | 'FieldValueTooMany' | 'FieldValueNotFound';
  field: string;
  body: string;
}

/** Go's rendering of a value in field errors: strings quoted, numbers plain, maps/slices in %#v. */
export function goValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.every((x) => typeof x === 'string')) return `[]string{${value.map((x) => JSON.stringify(x)).join(', ')}}`;
    return JSON.stringify(value);
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.every(([, x]) => typeof x === 'string'))
      return `map[string]string{${entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => `${JSON.stringify(k)}:${JSON.stringify(x)}`).join(', ')}}`;
    return JSON.stringify(value);
  }
  return String(value);
}

export const fieldErr = {
  required: (field: string, detail = ''): FieldError => ({ type: 'FieldValueRequired', field, body: detail ? `Required value: ${detail}` : 'Required value' }),
  invalid: (field: string, value: unknown, detail: string): FieldError => ({ type: 'FieldValueInvalid', field, body: `Invalid value: ${goValue(value)}: ${detail}` }),
  forbidden: (field: string, detail: string): FieldError => ({ type: 'FieldValueForbidden', field, body: `Forbidden: ${detail}` }),
  notSupported: (field: string, value: unknown, supported: string[]): FieldError => ({
    type: 'FieldValueNotSupported',
    field,
    body: `Unsupported value: ${goValue(value)}: supported values: ${supported.map((s) => JSON.stringify(s)).join(', ')}`,
  }),
  duplicate: (field: string, value: unknown): FieldError => ({ type: 'FieldValueDuplicate', field, body: `Duplicate value: ${goValue(value)}` }),
  tooLong: (field: string, max: number): FieldError => ({ type: 'FieldValueTooLong', field, body: `Too long: may not be more than ${max} bytes` }),
  tooMany: (field: string, n: number, max: number): FieldError => ({ type: 'FieldValueTooMany', field, body: `Too many: ${n}: must have at most ${max} items` }),
  notFound: (field: string, value: unknown): FieldError => ({ type: 'FieldValueNotFound', field, body: `Not found: ${goValue(value)}` }),
};

/** Go's ErrorList.ToAggregate text: each `<field>: <body>` once; one alone, several in brackets. */
export function aggregateText(errors: FieldError[]): string {
  const texts = [...new Set(errors.map((e) => `${e.field}: ${e.body}`))];
  return texts.length === 1 ? texts[0] : `[${texts.join(', ')}]`;
}

/** 422 Invalid: `<Kind>[.group] "<name>" is invalid: <aggregate>`; details.kind is the Kind. */
export function invalid(kind: { group: string; kind: string }, name: string, errors: FieldError[]): StatusError {
  const aggregate = aggregateText(errors);
  const qualifiedKind = kind.group ? `${kind.kind}.${kind.group}` : kind.kind;
  const details: Status['details'] = { name };
  if (kind.group) details.group = kind.group;
  details.kind = kind.kind;
  details.causes = errors.map((e) => ({ reason: e.type, message: e.body, field: e.field }));
  return failure(422, 'Invalid', `${qualifiedKind} "${name}" is invalid: ${aggregate}`, details);
}

/** Any thrown value as a StatusError; unknown errors become 500 InternalError. */
export function toStatusError(err: unknown): StatusError {
  if (err instanceof StatusError) return err;
  return internal(err instanceof Error ? err.message : String(err));
}
