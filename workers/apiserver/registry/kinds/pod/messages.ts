/**
 * Kubernetes' validation message texts used by the pod-spec checks (apimachinery
 * util/validation and core/v1 validation, 1.32), so each is written once, and the one-line
 * checks built on them.
 */
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';

export const NEGATIVE = 'must be greater than or equal to 0';
export const NOT_POSITIVE = 'must be greater than zero';
export const FILE_MODE = 'must be a number between 0 and 0777 (octal), both inclusive';
export const IMMUTABLE = 'field is immutable';
export const MAX_INT32 = 2147483647;

/** ValidateNonnegativeField */
export const nonNegative = (n: number | undefined, path: string): FieldError[] => ((n ?? 0) < 0 ? [fieldErr.invalid(path, n, NEGATIVE)] : []);

export const inclusiveRange = (lo: number, hi: number) => `must be between ${lo} and ${hi}, inclusive`;

/** Go's RegexError (note the double space before "or"). */
export const regexError = (msg: string, re: string, ...examples: string[]) =>
  examples.length === 0
    ? `${msg} (regex used for validation is '${re}')`
    : `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${re}')`;

/** IsValidPortNum */
export const portNum = (port: number): string[] => (port >= 1 && port <= 65535 ? [] : [inclusiveRange(1, 65535)]);

/** IsValidPortName (an IANA_SVC_NAME) */
export function portName(name: string): string[] {
  const errs: string[] = [];
  if (name.length > 15) errs.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(name)) errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  if (!/[a-z]/.test(name)) errs.push('must contain at least one letter (a-z)');
  if (name.includes('--')) errs.push('must not contain consecutive hyphens');
  if (name.startsWith('-') || name.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}

/** IsConfigMapKey (also used for secret keys) */
export function configMapKey(key: string): string[] {
  const errs: string[] = [];
  if (key.length > 253) errs.push('must be no more than 253 characters');
  if (!/^[-._a-zA-Z0-9]+$/.test(key))
    errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", '[-._a-zA-Z0-9]+', 'key.name', 'KEY_NAME', 'key-name'));
  if (key === '.') errs.push("must not be '.'");
  else if (key === '..') errs.push("must not be '..'");
  else if (key.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}

/** IsRelaxedEnvVarName (RelaxedEnvironmentVariableValidation is on in 1.32) */
export function envVarName(name: string): string[] {
  for (const ch of name) {
    const c = ch.codePointAt(0)!;
    if (c > 0x7e || c < 0x20 || ch === '=') return ["a valid environment variable name must consist only of printable ASCII characters other than '='"];
  }
  return [];
}

/** IsValidIP */
export function ipAddress(ip: string): string[] {
  const v4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/.test(ip);
  const v6 = ip.includes(':') && /^[0-9a-fA-F:.]+$/.test(ip) && (ip.match(/::/g) ?? []).length <= 1;
  return v4 || v6 ? [] : ['must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'];
}

/** validateLocalDescendingPath + the '..' prefix rule of ValidateLocalNonReservedPath */
export function localPath(p: string, nonReserved = false): string[] {
  const errs: string[] = [];
  if (p.startsWith('/')) errs.push('must be a relative path');
  if (p.split('/').includes('..')) errs.push("must not contain '..'");
  if (nonReserved && p.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}
