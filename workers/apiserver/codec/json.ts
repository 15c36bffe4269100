/**
 * JSON request bodies read the way Kubernetes' decoder (sigs.k8s.io/json, a fork of Go's
 * encoding/json) reads them: the same grammar, Go's syntax error texts, and the paths of
 * duplicate keys (a strict decoding error in Kubernetes; the last value wins).
 *
 * Values come from the native JSON.parse (fast); a small scanner that mirrors Go's state machine
 * runs beside it to find duplicate keys and, when JSON.parse fails, to name the error as Go does.
 */

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    /** byte offset of the offending byte (Go's SyntaxError.Offset - 1) */
    readonly offset: number,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

export interface ParsedJson {
  value: unknown;
  /** paths of repeated keys, in document order: `metadata.name`, `spec.containers[0].image` */
  duplicates: string[];
}

const END = 'unexpected end of JSON input';
// keep a byte-order mark: Go rejects it, and so must we
const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const encoder = new TextEncoder();

/** Go's quoteChar: the offending byte, single-quoted, escaped like strconv.Quote. */
function quoteChar(b: number): string {
  if (b === 0x27) return "'\\''";
  if (b === 0x22) return `'"'`;
  const esc: Record<number, string> = { 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r', 0x5c: '\\\\' };
  if (esc[b]) return `'${esc[b]}'`;
  if (b < 0x20 || b === 0x7f) return `'\\x${b.toString(16).padStart(2, '0')}'`;
  if (b >= 0x80 && b < 0xa0) return `'\\u00${b.toString(16).padStart(2, '0')}'`;
  if (b === 0xad) return `'\\u00ad'`;
  return `'${String.fromCharCode(b)}'`;
}

class Scanner {
  i = 0;
  readonly duplicates: string[] = [];
  constructor(
    private readonly b: Uint8Array,
    private readonly trackKeys: boolean,
  ) {}

  fail(what: string): never {
    if (this.i >= this.b.length) this.error(END);
    this.error(`invalid character ${quoteChar(this.b[this.i])} ${what}`);
  }
  error(message: string): never {
    const at = Math.min(this.i, this.b.length);
    let line = 1;
    let last = -1;
    for (let k = 0; k < at; k++) if (this.b[k] === 0x0a) (line++, (last = k));
    throw new JsonSyntaxError(message, at, line, at - last);
  }
  ws() {
    const b = this.b;
    while (this.i < b.length) {
      const c = b[this.i];
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      this.i++;
    }
  }

  document() {
    this.ws();
    this.value('');
    this.ws();
    if (this.i < this.b.length) this.fail('after top-level value');
  }

  value(path: string) {
    if (this.i >= this.b.length) this.error(END);
    const c = this.b[this.i];
    switch (c) {
      case 0x7b:
        return this.object(path);
      case 0x5b:
        return this.array(path);
      case 0x22:
        this.i++;
        return this.string();
      case 0x74:
        return this.literal('true');
      case 0x66:
        return this.literal('false');
      case 0x6e:
        return this.literal('null');
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number();
        this.fail('looking for beginning of value');
    }
  }

  object(path: string) {
    this.i++;
    this.ws();
    if (this.b[this.i] === 0x7d) return void this.i++;
    const seen = this.trackKeys ? new Set<string>() : undefined;
    for (;;) {
      if (this.b[this.i] !== 0x22) this.fail('looking for beginning of object key string');
      const start = ++this.i;
      const escaped = this.string();
      if (seen) {
        const raw = decoder.decode(this.b.subarray(start, this.i - 1));
        const key = escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
        const child = path ? `${path}.${key}` : key;
        if (seen.has(key)) this.duplicates.push(child);
        seen.add(key);
        this.afterKey(child);
      } else this.afterKey('');
      this.ws();
      const c = this.b[this.i];
      if (c === 0x2c) {
        this.i++;
        this.ws();
        continue;
      }
      if (c === 0x7d) return void this.i++;
      this.fail('after object key:value pair');
    }
  }
  private afterKey(child: string) {
    this.ws();
    if (this.b[this.i] !== 0x3a) this.fail('after object key');
    this.i++;
    this.ws();
    this.value(child);
  }

  array(path: string) {
    this.i++;
    this.ws();
    if (this.b[this.i] === 0x5d) return void this.i++;
    for (let n = 0; ; n++) {
      this.value(this.trackKeys ? `${path}[${n}]` : '');
      this.ws();
      const c = this.b[this.i];
      if (c === 0x2c) {
        this.i++;
        this.ws();
        continue;
      }
      if (c === 0x5d) return void this.i++;
      this.fail('after array element');
    }
  }

  /** After the opening quote; returns whether the string had escapes. */
  string(): boolean {
    const b = this.b;
    let escaped = false;
    for (;;) {
      if (this.i >= b.length) this.error(END);
      const c = b[this.i];
      if (c === 0x22) {
        this.i++;
        return escaped;
      }
      if (c === 0x5c) {
        escaped = true;
        this.i++;
        if (this.i >= b.length) this.error(END);
        const e = b[this.i];
        if (e === 0x75) {
          for (let k = 0; k < 4; k++) {
            this.i++;
            if (this.i >= b.length) this.error(END);
            const h = b[this.i];
            const hex = (h >= 0x30 && h <= 0x39) || (h >= 0x41 && h <= 0x46) || (h >= 0x61 && h <= 0x66);
            if (!hex) this.fail('in \\u hexadecimal character escape');
          }
        } else if (!'"\\/bfnrt'.includes(String.fromCharCode(e))) this.fail('in string escape code');
      } else if (c < 0x20) this.fail('in string literal');
      this.i++;
    }
  }

  number() {
    const b = this.b;
    const digit = () => this.i < b.length && b[this.i] >= 0x30 && b[this.i] <= 0x39;
    if (b[this.i] === 0x2d) {
      this.i++;
      if (!digit()) this.fail('in numeric literal');
    }
    if (b[this.i] === 0x30) this.i++;
    else while (digit()) this.i++;
    if (b[this.i] === 0x2e) {
      this.i++;
      if (!digit()) this.fail('after decimal point in numeric literal');
      while (digit()) this.i++;
    }
    if (b[this.i] === 0x65 || b[this.i] === 0x45) {
      this.i++;
      if (b[this.i] === 0x2b || b[this.i] === 0x2d) this.i++;
      if (!digit()) this.fail('in exponent of numeric literal');
      while (digit()) this.i++;
    }
  }

  literal(word: string) {
    this.i++;
    for (let k = 1; k < word.length; k++, this.i++) {
      if (this.b[this.i] !== word.charCodeAt(k)) this.fail(`in literal ${word} (expecting '${word[k]}')`);
    }
  }
}

const toBytes = (input: Uint8Array | string) => (typeof input === 'string' ? encoder.encode(input) : input);

/** Checks syntax like Go's json.Valid and throws Go's error text; returns duplicate key paths. */
export function scanJson(input: Uint8Array | string, trackDuplicates = true): string[] {
  const s = new Scanner(toBytes(input), trackDuplicates);
  s.document();
  return s.duplicates;
}

/**
 * Parses a JSON body. Throws JsonSyntaxError with Go's message (`invalid character 'x' after
 * object key`, `unexpected end of JSON input`, ...). With `duplicates` (the default) it also
 * reports repeated keys; turn it off when nobody will look (fieldValidation=Ignore).
 */
export function readJson(input: Uint8Array | string, opts: { duplicates?: boolean } = {}): ParsedJson {
  const bytes = toBytes(input);
  const text = typeof input === 'string' ? input : decoder.decode(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    scanJson(bytes, false);
    // JSON.parse and Go disagree only on exotic input; say so rather than invent a Go text
    throw new JsonSyntaxError('invalid JSON input', 0, 1, 1);
  }
  const duplicates = opts.duplicates === false || !mayRepeatKeys(text, value) ? [] : scanJson(bytes, true);
  return { value, duplicates };
}

/**
 * Whether a valid document may repeat a key: it has more keys than its parsed value kept (a
 * repeat collapses into one). Counting the text's keys (strings followed by a colon) in one pass
 * over its characters is much cheaper than the scanner, which then runs only to name the repeats,
 * and allocates nothing (a regex's matches cost an object per string of every body).
 */
function mayRepeatKeys(text: string, value: unknown): boolean {
  return keysInText(text) !== keysIn(value);
}

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/** The keys of a valid document's text: every string is consumed whole, so no quote stands outside one. */
function keysInText(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== QUOTE) continue;
    for (i++; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) break;
    }
    let next = i + 1;
    while (next < text.length && isSpace(text.charCodeAt(next))) next++;
    if (text.charCodeAt(next) === COLON) n++;
    i = next - 1;
  }
  return n;
}

function keysIn(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let n = 0;
  if (Array.isArray(value)) {
    for (const x of value) n += keysIn(x);
    return n;
  }
  for (const k in value) {
    if (!Object.prototype.hasOwnProperty.call(value, k)) continue;
    n += 1 + keysIn((value as Record<string, unknown>)[k]);
  }
  return n;
}
