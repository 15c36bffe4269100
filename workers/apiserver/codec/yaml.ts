/**
 * YAML request bodies. Kubernetes converts YAML to JSON (sigs.k8s.io/yaml) and decodes the JSON;
 * only the first document counts. Syntax errors read `yaml: line N: <parser message>`; repeated
 * keys are a strict decoding error (YAMLToJSONStrict) reported as Go's yaml unmarshal errors.
 * Parsed with the YAML 1.2 core schema plus `<<` merge keys.
 */
import { parseAllDocuments } from 'yaml';

export class YamlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export interface ParsedYaml {
  value: unknown;
  /** the strict decoding error for repeated keys, or undefined */
  duplicates?: string;
}

const decoder = new TextDecoder();

/** The parser's message without its `at line L, column C:` code frame. */
const firstLine = (msg: string) => msg.replace(/ at line \d+, column \d+:[\s\S]*$/, '').split('\n')[0];

/** Parses the first YAML document. Throws YamlSyntaxError (`yaml: line 3: ...`). */
export function readYaml(input: Uint8Array | string): ParsedYaml {
  const src = typeof input === 'string' ? input : decoder.decode(input);
  const docs = parseAllDocuments(src, { merge: true, prettyErrors: true });
  const doc = Array.isArray(docs) ? docs[0] : undefined;
  if (!doc) return { value: null };
  const dupes = doc.errors.filter((e) => e.code === 'DUPLICATE_KEY');
  const fatal = doc.errors.find((e) => e.code !== 'DUPLICATE_KEY');
  if (fatal) {
    const line = fatal.linePos?.[0].line ?? 1;
    throw new YamlSyntaxError(`yaml: line ${line}: ${firstLine(fatal.message)}`, line);
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (e) {
    throw new YamlSyntaxError(`yaml: ${(e as Error).message}`, 1);
  }
  if (!dupes.length) return { value };
  const lines = dupes.map((e) => {
    const key = /^("(?:[^"\\]|\\.)*"|'[^']*'|[^:\n]+?)\s*:/.exec(src.slice(e.pos[0]))?.[1] ?? '';
    const name = /^["']/.test(key) ? key.slice(1, -1) : key;
    return `  line ${e.linePos?.[0].line ?? 1}: key ${JSON.stringify(name)} already set in map`;
  });
  return { value, duplicates: `error converting YAML to JSON: yaml: unmarshal errors:\n${lines.join('\n')}` };
}
