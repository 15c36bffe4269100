/**
 * Where a webhook is (an admission webhook's clientConfig, a CRD's conversion webhook) and which
 * review versions it takes, with Kubernetes' rules and messages (apiserver/pkg/util/webhook/validation.go).
 */
import type { WebhookClientConfig } from '../../../lib/api/admissionregistration/webhooks.ts';
import { fieldErr, type FieldError } from '../../../lib/errors.ts';
import { dns1035Label, dns1123Subdomain } from '../../../lib/validation/names.ts';
import { portNumber } from './validation-net.ts';

/** the AdmissionReview and ConversionReview versions this server sends */
export const REVIEW_VERSIONS = ['v1', 'v1beta1'];

/** An admission or conversion webhook's review versions; `whenEmpty` is the Required error's detail. */
export function validateReviewVersions(versions: string[], at: string, whenEmpty: string): FieldError[] {
  if (versions.length === 0) return [fieldErr.required(at, whenEmpty)];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  versions.forEach((v, i) => {
    if (seen.has(v)) return errs.push(fieldErr.invalid(`${at}[${i}]`, v, 'duplicate version'));
    seen.add(v);
    for (const m of dns1035Label(v)) errs.push(fieldErr.invalid(`${at}[${i}]`, v, m));
  });
  if (!versions.some((v) => REVIEW_VERSIONS.includes(v))) errs.push(fieldErr.invalid(at, versions, `must include at least one of ${REVIEW_VERSIONS.join(', ')}`));
  return errs;
}

/** ValidateWebhookURL / ValidateWebhookService, after exactly one of them. */
export function validateClientConfig(cc: WebhookClientConfig, at: string): FieldError[] {
  if ((cc.url == null) === (cc.service == null)) return [fieldErr.required(at, 'exactly one of url or service is required')];
  if (cc.url != null) return validateUrl(cc.url, `${at}.url`);
  const s = cc.service!;
  const errs: FieldError[] = [];
  if (!s.name) errs.push(fieldErr.required(`${at}.service.name`, 'service name is required'));
  if (!s.namespace) errs.push(fieldErr.required(`${at}.service.namespace`, 'service namespace is required'));
  for (const m of portNumber(s.port ?? 443)) errs.push(fieldErr.invalid(`${at}.service.port`, s.port, `port is not valid: ${m}`));
  errs.push(...validateServicePath(s.path, `${at}.service.path`));
  return errs;
}

const FORM = '; desired format: https://host[/path]';

function validateUrl(raw: string, at: string): FieldError[] {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    // Go's url.Parse accepts almost anything; what it accepts without a scheme fails on the scheme
    return [fieldErr.invalid(at, '', `'https' is the only allowed URL scheme${FORM}`), fieldErr.invalid(at, '', `host must be provided${FORM}`)];
  }
  const errs: FieldError[] = [];
  const scheme = u.protocol.replace(/:$/, '');
  if (scheme !== 'https') errs.push(fieldErr.invalid(at, scheme, `'https' is the only allowed URL scheme${FORM}`));
  if (!u.host) errs.push(fieldErr.invalid(at, u.host, `host must be provided${FORM}`));
  if (u.username || u.password) errs.push(fieldErr.invalid(at, u.password ? `${u.username}:***` : u.username, 'user information is not permitted in the URL'));
  if (u.hash.length > 1) errs.push(fieldErr.invalid(at, u.hash.slice(1), 'fragments are not permitted in the URL'));
  if (u.search.length > 1) errs.push(fieldErr.invalid(at, u.search.slice(1), 'query parameters are not permitted in the URL'));
  return errs;
}

function validateServicePath(path: string | undefined, at: string): FieldError[] {
  if (path == null || path === '/' || path === '') return [];
  if (path === '//') return [fieldErr.invalid(at, path, 'segment[0] may not be empty')];
  const errs: FieldError[] = [];
  if (!path.startsWith('/')) errs.push(fieldErr.invalid(at, path, "must start with a '/'"));
  let rest = path.slice(1);
  if (rest.endsWith('/')) rest = rest.slice(0, -1);
  rest.split('/').forEach((step, i) => {
    if (!step) return errs.push(fieldErr.invalid(at, path, `segment[${i}] may not be empty`));
    for (const m of dns1123Subdomain(step)) errs.push(fieldErr.invalid(at, path, `segment[${i}]: ${m}`));
  });
  return errs;
}
