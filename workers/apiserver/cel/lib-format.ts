/**
 * Kubernetes' format library (library/format.go, in the base environment since 1.31): named
 * string formats and their validation, with apimachinery's messages.
 *   format.dns1123Label().validate(name)   none when valid, else optional.of([messages])
 *   format.named('labelValue')             optional.of(the format), none for an unknown name
 * Formats: dns1123Label, dns1123Subdomain, dns1035Label, qualifiedName, their Prefix variants
 * (a trailing '-' allowed, as for generateName), labelValue, uri, uuid, byte, date, datetime.
 */
import { celFunc, celList, celMethod, CelScalar } from '@bufbuild/cel';
import { dns1035Label, dns1123Label, dns1123Subdomain, labelValue, qualifiedName } from '../../../lib/validation/names.ts';
import { parse as parseURL } from './lib-url.ts';
import { fieldsOf, make, NAMED_FORMAT, T } from './opaque.ts';
import { NONE, some } from './optional.ts';

const { STRING } = CelScalar;

/** apimachinery's maskTrailingDash: a prefix may end with '-' (the generated suffix follows) */
const masked = (s: string) => (s.length > 1 && s.endsWith('-') ? `${s.slice(0, -2)}a` : s);

const UUID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32})$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function validDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

function validDateTime(s: string): boolean {
  const m = DATETIME.exec(s);
  return !!m && validDate(m[1]) && Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4]) < 60;
}

const FORMATS: Record<string, (s: string) => string[]> = {
  dns1123Label,
  dns1123Subdomain,
  dns1035Label,
  qualifiedName,
  dns1123LabelPrefix: (s) => dns1123Label(masked(s)),
  dns1123SubdomainPrefix: (s) => dns1123Subdomain(masked(s)),
  dns1035LabelPrefix: (s) => dns1035Label(masked(s)),
  labelValue,
  uri: (s) => {
    const p = parseURL(s);
    return typeof p === 'string' ? [p] : [];
  },
  uuid: (s) => (UUID.test(s) ? [] : ['does not match the UUID format']),
  byte: (s) => (BASE64.test(s) ? [] : ['invalid base64']),
  date: (s) => (validDate(s) ? [] : ['invalid date']),
  datetime: (s) => (validDateTime(s) ? [] : ['invalid datetime']),
};

const named = (name: string) => make(NAMED_FORMAT, { name });

export const formatFuncs = [
  ...Object.keys(FORMATS).map((name) => celFunc(`format.${name}`, [], T.namedFormat, () => named(name) as never)),
  celFunc('format.named', [STRING], T.optional, (name) => (Object.hasOwn(FORMATS, name) ? some(named(name) as never) : NONE()) as never),
  celMethod('validate', T.namedFormat, [STRING], T.optional, function (s) {
    const errors = FORMATS[fieldsOf<{ name: string }>(this).name](s);
    return (errors.length ? some(celList(errors)) : NONE()) as never;
  }),
];
