/**
 * Go's renderings that Kubernetes' RBAC messages are made of: %q of a string and of a []string,
 * and utilerrors.NewAggregate(...).Error().
 */

/** strconv.Quote for the strings RBAC names are made of (printable text; control characters escaped). */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\r') out += '\\r';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

/** %q of a []string: `["a" "b"]`. */
export const goQuoteList = (xs: readonly string[]): string => `[${xs.map(goQuote).join(' ')}]`;

/** An aggregate error's text: one message alone, several (deduplicated) as `[a, b]`, none as ''. */
export function aggregate(messages: readonly string[]): string {
  if (messages.length === 1) return messages[0];
  const unique = [...new Set(messages)];
  if (unique.length <= 1) return unique[0] ?? '';
  return `[${unique.join(', ')}]`;
}
