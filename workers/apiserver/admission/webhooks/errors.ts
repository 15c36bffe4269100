/** Kubernetes' texts for webhook failures and denials (webhook/errors, util/webhook/error.go). */
import type { Status } from '../../../../lib/api/meta.ts';
import { badRequest, internal, StatusError } from '../../../../lib/errors.ts';
import type { KindDescriptor } from '../../registry/types.ts';

/** ErrCallingWebhook: the webhook could not be asked, or answered something unusable; its failurePolicy decides. */
export class CallingWebhookError extends Error {
  constructor(
    readonly webhook: string,
    readonly reason: string,
  ) {
    super(`failed calling webhook ${JSON.stringify(webhook)}: ${reason}`);
  }

  /** failurePolicy Fail: 500 InternalError */
  toStatus(): StatusError {
    return internal(this.message);
  }
}

/** ToStatusErr: the webhook's denial as the client sees it. */
export function denial(desc: KindDescriptor, name: string, webhook: string, result: Partial<Status> | undefined): StatusError {
  const r = { ...(result ?? {}) };
  let code = r.code || 403;
  // a "denial" with a success code would look like a success to clients
  if (code < 400) code = 400;
  const deniedBy = `admission webhook ${JSON.stringify(webhook)} denied the request`;
  const why = r.message ? `${deniedBy}: ${r.message}` : r.reason ? `${deniedBy}: ${r.reason}` : `${deniedBy} without explanation`;
  const resourceName = name || 'Unknown';
  const gr = desc.group ? `${desc.resource}.${desc.group}` : desc.resource;
  const details = r.details ?? (code === 500 ? { causes: [{ message: why }] } : { name: resourceName, ...(desc.group ? { group: desc.group } : {}), kind: desc.resource });
  const prefix = code === 500 ? 'Internal error occurred' : `${gr} ${JSON.stringify(resourceName)} is forbidden`;
  return new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `${prefix}: ${why}`,
    reason: r.reason || (code === 500 ? 'InternalError' : 'Forbidden'),
    details,
    code,
  });
}

export const dryRunUnsupported = (webhook: string) => badRequest(`admission webhook ${JSON.stringify(webhook)} does not support dry run`);
