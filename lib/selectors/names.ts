/**
 * The two name checks selectors need, with apimachinery's validation texts (label keys are
 * qualified names, label values are label values). Kept here because selectors are shared by
 * every worker and must not depend on the apiserver's validation code.
 */
const QNAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const QNAME_RE = new RegExp(`^${QNAME_FMT}$`);
const QNAME_MSG = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_VALUE_FMT = `(${QNAME_FMT})?`;
const LABEL_VALUE_RE = new RegExp(`^${LABEL_VALUE_FMT}$`);
const LABEL_VALUE_MSG = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const SUBDOMAIN_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*';
const SUBDOMAIN_RE = new RegExp(`^${SUBDOMAIN_FMT}$`);
const SUBDOMAIN_MSG = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";

/** Go's validation.RegexError: note the two spaces before each "or". */
function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${fmt}')`;
}
const maxLen = (n: number) => `must be no more than ${n} characters`;

/** validation.IsQualifiedName: the error texts, empty when valid. */
export function qualifiedNameErrors(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) name = parts[0];
  else if (parts.length === 2) {
    const prefix = parts[0];
    name = parts[1];
    if (prefix.length === 0) errs.push('prefix part must be non-empty');
    else {
      if (prefix.length > 253) errs.push(`prefix part ${maxLen(253)}`);
      if (!SUBDOMAIN_RE.test(prefix)) errs.push(`prefix part ${regexError(SUBDOMAIN_MSG, SUBDOMAIN_FMT, 'example.com')}`);
    }
  } else {
    return [
      `a qualified name ${regexError(QNAME_MSG, QNAME_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name.length === 0) errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push(`name part ${maxLen(63)}`);
  if (!QNAME_RE.test(name)) errs.push(`name part ${regexError(QNAME_MSG, QNAME_FMT, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/** validation.IsValidLabelValue: the error texts, empty when valid. */
export function labelValueErrors(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push(maxLen(63));
  if (!LABEL_VALUE_RE.test(value)) errs.push(regexError(LABEL_VALUE_MSG, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'));
  return errs;
}
