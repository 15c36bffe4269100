/** A request's webhook attributes (types.ts), from its bindings, query and warnings list. */
import type { Background } from '../../cache/followed.ts';
import type { WebhookAttributes, WebhookBindings } from './types.ts';

export function webhookAttributes(env: WebhookBindings, warnings: string[] | undefined, q: URLSearchParams, background?: Background): WebhookAttributes {
  const dryRun = q.getAll('dryRun');
  return {
    env,
    query: {
      ...(q.get('fieldManager') ? { fieldManager: q.get('fieldManager')! } : {}),
      ...(q.get('fieldValidation') ? { fieldValidation: q.get('fieldValidation')! } : {}),
      ...(dryRun.length ? { dryRun } : {}),
    },
    warn: (text) => warnings?.push(text),
    background,
  };
}
