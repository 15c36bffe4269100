/** core/v1 secrets. stringData is write-only: merged into data (base64) on every write. */
import { secret, type Secret } from '../../../../lib/api/core/secret.ts';
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import { age, ageColumn, column, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';
import { MAX_DATA_SIZE, base64Length, validateImmutable, validateKeys } from './data.ts';
import { immutable } from '../validation.ts';

/** UTF-8 text → base64, without Node's Buffer. */
export function toBase64(text: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** Keys each well-known type requires in data (at least one of the list, or all for tls). */
const REQUIRED_KEYS: Record<string, { keys: string[]; all: boolean }> = {
  'kubernetes.io/dockercfg': { keys: ['.dockercfg'], all: true },
  'kubernetes.io/dockerconfigjson': { keys: ['.dockerconfigjson'], all: true },
  'kubernetes.io/basic-auth': { keys: ['username', 'password'], all: false },
  'kubernetes.io/ssh-auth': { keys: ['ssh-privatekey'], all: true },
  'kubernetes.io/tls': { keys: ['tls.crt', 'tls.key'], all: true },
};

function validateType(s: Secret): FieldError[] {
  const data = s.data ?? {};
  if (s.type === 'kubernetes.io/service-account-token') {
    const ann = 'kubernetes.io/service-account.name';
    return s.metadata.annotations?.[ann] ? [] : [fieldErr.required(`metadata.annotations[${ann}]`)];
  }
  const rule = REQUIRED_KEYS[s.type ?? ''];
  if (!rule) return [];
  const missing = rule.keys.filter((k) => !(k in data));
  if (rule.all) return missing.map((k) => fieldErr.required(`data[${k}]`));
  return missing.length === rule.keys.length ? missing.map((k) => fieldErr.required(`data[${k}]`)) : [];
}

const desc: KindDescriptor<Secret> = {
  group: '',
  version: 'v1',
  kind: 'Secret',
  resource: 'secrets',
  singular: 'secret',
  namespaced: true,
  schema: secret,
  openapiName: 'io.k8s.api.core.v1.Secret',
  nameRule: 'subdomain',

  defaults(s) {
    if (!s.type) s.type = 'Opaque';
    if (s.stringData) {
      const data = { ...s.data };
      for (const [k, text] of Object.entries(s.stringData)) data[k] = toBase64(text);
      s.data = data;
      delete s.stringData;
    }
  },
  validate(s) {
    const errs = validateKeys(s.data, 'data');
    const size = Object.values(s.data ?? {}).reduce((n, b) => n + base64Length(b), 0);
    if (size > MAX_DATA_SIZE) errs.push(fieldErr.tooLong('data', MAX_DATA_SIZE));
    return [...errs, ...validateType(s)];
  },
  validateUpdate: (s, old) => [...immutable('type', s.type, old.type), ...validateImmutable(s, old, ['data'])],

  table: {
    columns: [nameColumn, column('Type', 'string', 'The type of the secret'), column('Data', 'string', 'The number of entries in the secret'), ageColumn],
    cells: (s, now) => [s.metadata.name, s.type ?? '', Object.keys(s.data ?? {}).length, age(s.metadata.creationTimestamp, now)],
  },
  fieldSelectors: { type: (s) => s.type ?? '' },
};

export default desc;
