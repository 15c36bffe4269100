/**
 * The JWT part of Kubernetes' structured authentication configuration
 * (apiserver.config.k8s.io/v1beta1 AuthenticationConfiguration, `jwt:`), parsed from JSON or YAML
 * and checked with Kubernetes' rules (apiserver/pkg/apis/apiserver/validation): https issuer URLs,
 * unique issuers, at least one audience and MatchAny for several, a prefix whenever a claim is
 * mapped. CEL expressions are not supported: a configuration using them is refused, not ignored.
 */
import { parse } from 'yaml';

export interface PrefixedClaim {
  claim?: string;
  prefix?: string;
  expression?: string;
}

export interface JwtAuthenticator {
  issuer: {
    url: string;
    discoveryURL?: string;
    certificateAuthority?: string;
    audiences: string[];
    audienceMatchPolicy?: '' | 'MatchAny';
  };
  claimValidationRules?: { claim?: string; requiredValue?: string; expression?: string; message?: string }[];
  claimMappings: {
    username: PrefixedClaim;
    groups?: PrefixedClaim;
    uid?: { claim?: string; expression?: string };
    extra?: unknown[];
  };
  userValidationRules?: unknown[];
}

export interface AuthenticationConfiguration {
  apiVersion?: string;
  kind?: string;
  jwt?: JwtAuthenticator[];
}

const API_VERSIONS = ['apiserver.config.k8s.io/v1alpha1', 'apiserver.config.k8s.io/v1beta1', 'apiserver.config.k8s.io/v1'];

/** Parses and checks a configuration; throws an Error listing every problem, as kube-apiserver refuses to start. */
export function parseAuthenticationConfig(text: string): AuthenticationConfiguration {
  let config: unknown;
  try {
    config = parse(text);
  } catch (e) {
    throw new Error(`authentication configuration: ${(e as Error).message}`);
  }
  if (!config || typeof config !== 'object' || Array.isArray(config)) throw new Error('authentication configuration: expected a mapping');
  const errors = validateAuthenticationConfig(config as AuthenticationConfiguration);
  if (errors.length) throw new Error(`authentication configuration is invalid: ${errors.join(', ')}`);
  return config as AuthenticationConfiguration;
}

export function validateAuthenticationConfig(c: AuthenticationConfiguration): string[] {
  const errs: string[] = [];
  if (c.kind !== 'AuthenticationConfiguration' || !API_VERSIONS.includes(c.apiVersion ?? ''))
    errs.push(`expected kind AuthenticationConfiguration in ${API_VERSIONS.join(' or ')}, not ${c.kind ?? '""'} in ${c.apiVersion ?? '""'}`);
  const seen = new Set<string>();
  (c.jwt ?? []).forEach((j, i) => {
    const at = `jwt[${i}]`;
    const url = j.issuer?.url ?? '';
    if (!url) errs.push(`${at}.issuer.url: Required value: URL is required`);
    else {
      httpsUrl(url, `${at}.issuer.url`, errs);
      if (seen.has(url)) errs.push(`${at}.issuer.url: Duplicate value: "${url}"`);
      seen.add(url);
    }
    if (j.issuer?.discoveryURL !== undefined) {
      httpsUrl(j.issuer.discoveryURL, `${at}.issuer.discoveryURL`, errs);
      if (j.issuer.discoveryURL === url) errs.push(`${at}.issuer.discoveryURL: Invalid value: "${url}": discoveryURL must be different from URL`);
    }
    const auds = j.issuer?.audiences ?? [];
    if (!auds.length) errs.push(`${at}.issuer.audiences: Required value: at least one issuer.audiences is required`);
    auds.forEach((a, k) => {
      if (!a) errs.push(`${at}.issuer.audiences[${k}]: Required value: audience can't be empty`);
    });
    if (new Set(auds).size !== auds.length) errs.push(`${at}.issuer.audiences: Duplicate value`);
    const policy = j.issuer?.audienceMatchPolicy ?? '';
    if (auds.length > 1 && policy !== 'MatchAny') errs.push(`${at}.issuer.audienceMatchPolicy: Invalid value: "${policy}": audienceMatchPolicy must be MatchAny for multiple audiences`);
    if (auds.length <= 1 && policy !== '' && policy !== 'MatchAny') errs.push(`${at}.issuer.audienceMatchPolicy: Invalid value: "${policy}": audienceMatchPolicy must be empty or MatchAny for single audience`);
    if (j.issuer?.certificateAuthority !== undefined && !/-----BEGIN CERTIFICATE-----/.test(j.issuer.certificateAuthority))
      errs.push(`${at}.issuer.certificateAuthority: Invalid value: "<omitted>": data does not contain any valid RSA or ECDSA certificates`);
    const m = j.claimMappings;
    if (!m?.username) errs.push(`${at}.claimMappings.username: Required value: claim or expression is required`);
    else mapping(m.username, `${at}.claimMappings.username`, true, errs);
    if (m?.groups) mapping(m.groups, `${at}.claimMappings.groups`, false, errs);
    if (m?.uid?.expression) errs.push(`${at}.claimMappings.uid.expression: Unsupported value: CEL expressions are not supported by this server`);
    if (m?.extra?.length) errs.push(`${at}.claimMappings.extra: Unsupported value: extra mappings need CEL expressions, not supported by this server`);
    (j.claimValidationRules ?? []).forEach((r, k) => {
      if (r.expression) errs.push(`${at}.claimValidationRules[${k}].expression: Unsupported value: CEL expressions are not supported by this server`);
      else if (!r.claim) errs.push(`${at}.claimValidationRules[${k}].claim: Required value: claim or expression is required`);
    });
    if (j.userValidationRules?.length) errs.push(`${at}.userValidationRules: Unsupported value: CEL expressions are not supported by this server`);
  });
  return errs;
}

function httpsUrl(text: string, at: string, errs: string[]) {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    errs.push(`${at}: Invalid value: "${text}": must be a valid URL`);
    return;
  }
  if (u.protocol !== 'https:') errs.push(`${at}: Invalid value: "${text}": URL scheme must be https`);
  if (u.username || u.password) errs.push(`${at}: Invalid value: "${text}": URL must not contain a username or password`);
  if (u.search) errs.push(`${at}: Invalid value: "${text}": URL must not contain a query`);
  if (u.hash) errs.push(`${at}: Invalid value: "${text}": URL must not contain a fragment`);
}

function mapping(m: PrefixedClaim, at: string, required: boolean, errs: string[]) {
  if (m.expression && m.claim) errs.push(`${at}: Invalid value: "": claim and expression can't both be set`);
  else if (m.expression) errs.push(`${at}.expression: Unsupported value: CEL expressions are not supported by this server`);
  else if (m.claim) {
    if (m.prefix === undefined || m.prefix === null) errs.push(`${at}.prefix: Required value: prefix is required when claim is set. It can be set to an empty string to disable prefixing`);
  } else if (required) errs.push(`${at}: Required value: claim or expression is required`);
  else if (m.prefix) errs.push(`${at}.claim: Required value: non-empty claim name is required when prefix is set`);
}

/** Every certificate authority the configuration names (PEM), for the local runtime's outbound trust. */
export const certificateAuthorities = (c: AuthenticationConfiguration): string[] => (c.jwt ?? []).flatMap((j) => (j.issuer.certificateAuthority ? [j.issuer.certificateAuthority] : []));
