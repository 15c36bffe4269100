/**
 * Kubernetes' name checks (apimachinery util/validation), with their exact messages
 * (shared/reference/errors-validation-defaults.md §3.2). Each returns the list of messages, empty
 * when the value is valid, as Go's IsDNS1123Label and friends do. Shared by the apiserver's
 * validation and the selectors every component parses.
 */
export const maxLen = (n: number) => `must be no more than ${n} characters`;
/** Go's RegexError: note the double space before "or" when there are several examples. */
export const regexError = (msg: string, re: string, ...examples: string[]) =>
  examples.length === 0
    ? `${msg} (regex used for validation is '${re}')`
    : `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${re}')`;

const DNS1123_LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN = `${DNS1123_LABEL}(\\.${DNS1123_LABEL})*`;
const DNS1035_LABEL = '[a-z]([-a-z0-9]*[a-z0-9])?';
const QUALIFIED_NAME = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const LABEL_VALUE = `(${QUALIFIED_NAME})?`;
const full = (re: string) => new RegExp(`^(?:${re})$`);
const reDns1123Label = full(DNS1123_LABEL);
const reDns1123Subdomain = full(DNS1123_SUBDOMAIN);
const reDns1035Label = full(DNS1035_LABEL);
const reQualifiedName = full(QUALIFIED_NAME);
const reLabelValue = full(LABEL_VALUE);

const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const DNS1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";
const QUALIFIED_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

export function dns1123Label(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLen(63));
  if (!reDns1123Label.test(v)) {
    // a valid subdomain that is not a label can only be failing because of its dots
    errs.push(reDns1123Subdomain.test(v) ? 'must not contain dots' : regexError(LABEL_MSG, DNS1123_LABEL, 'my-name', '123-abc'));
  }
  return errs;
}

export function dns1123Subdomain(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 253) errs.push(maxLen(253));
  if (!reDns1123Subdomain.test(v)) errs.push(regexError(SUBDOMAIN_MSG, DNS1123_SUBDOMAIN, 'example.com'));
  return errs;
}

export function dns1035Label(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLen(63));
  if (!reDns1035Label.test(v)) errs.push(regexError(DNS1035_MSG, DNS1035_LABEL, 'my-name', 'abc-123'));
  return errs;
}

export function labelValue(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 63) errs.push(maxLen(63));
  if (!reLabelValue.test(v)) errs.push(regexError(LABEL_VALUE_MSG, LABEL_VALUE, 'MyValue', 'my_value', '12345'));
  return errs;
}

/** A label key, annotation key or finalizer: `[prefix/]name`, prefix a DNS-1123 subdomain. */
export function qualifiedName(v: string): string[] {
  const errs: string[] = [];
  const parts = v.split('/');
  let name: string;
  if (parts.length === 1) name = parts[0];
  else if (parts.length === 2) {
    const prefix = parts[0];
    name = parts[1];
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else errs.push(...dns1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  } else {
    return [
      `a qualified name ${regexError(QUALIFIED_MSG, QUALIFIED_NAME, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push(`name part ${maxLen(63)}`);
  if (!reQualifiedName.test(name)) errs.push(`name part ${regexError(QUALIFIED_MSG, QUALIFIED_NAME, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/** IsConfigMapKey: keys of ConfigMap.data/binaryData and Secret.data. */
export function configMapKey(v: string): string[] {
  const errs: string[] = [];
  if (v.length > 253) errs.push(maxLen(253));
  if (!/^[-._a-zA-Z0-9]+$/.test(v)) errs.push(regexError("a valid config key must consist of alphanumeric characters, '-', '_' or '.'", '[-._a-zA-Z0-9]+', 'key.name', 'KEY_NAME', 'key-name'));
  if (v === '.') errs.push("must not be '.'");
  else if (v === '..') errs.push("must not be '..'");
  else if (v.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}
