/**
 * The apiserver worker's outbound trust, locally. A Worker's fetch trusts only public roots and
 * takes no per-request CA (shared/reference/platform.md); here miniflare's `outboundService`
 * replaces the worker's "internet" service with one that trusts, in addition to the system roots,
 * the certificate authorities the configuration names (an OIDC issuer's, a webhook's). The
 * connection stays in workerd (its network service with `trustedCertificates`), so the worker's
 * other outbound calls (the Hrana database) take no detour through Node.
 */
import type { WorkerOptions } from 'miniflare';

/** The addresses miniflare's default outbound service may reach: public and private networks. */
const ALLOW = ['public', 'private', '240.0.0.0/4'];

/** Worker options trusting `caPems` for outbound HTTPS; none (the default service) when there is nothing to add. */
export function outboundTrusting(caPems: string[]): Partial<Pick<WorkerOptions, 'outboundService'>> {
  const pems = caPems.map((p) => p.trim()).filter(Boolean);
  if (!pems.length) return {};
  return { outboundService: { network: { allow: ALLOW, deny: [], tlsOptions: { trustBrowserCas: true, trustedCertificates: pems } } } };
}
