/** core/v1 configmaps. */
import { configMap, type ConfigMap } from '../../../../lib/api/core/configmap.ts';
import { fieldErr, type FieldError } from '../../../../lib/errors.ts';
import { age, ageColumn, column, nameColumn } from '../printing.ts';
import type { KindDescriptor } from '../types.ts';
import { MAX_DATA_SIZE, base64Length, utf8Length, validateImmutable, validateKeys } from './data.ts';

const desc: KindDescriptor<ConfigMap> = {
  group: '',
  version: 'v1',
  kind: 'ConfigMap',
  resource: 'configmaps',
  singular: 'configmap',
  namespaced: true,
  shortNames: ['cm'],
  schema: configMap,
  openapiName: 'io.k8s.api.core.v1.ConfigMap',
  nameRule: 'subdomain',

  validate(cm) {
    const errs: FieldError[] = [...validateKeys(cm.data, 'data'), ...validateKeys(cm.binaryData, 'binaryData')];
    for (const k of Object.keys(cm.data ?? {})) {
      if (cm.binaryData && k in cm.binaryData) errs.push(fieldErr.invalid(`data[${k}]`, k, 'duplicate of key present in binaryData'));
    }
    const size =
      Object.values(cm.data ?? {}).reduce((n, s) => n + utf8Length(s), 0) + Object.values(cm.binaryData ?? {}).reduce((n, s) => n + base64Length(s), 0);
    // Kubernetes reports the whole object (an empty field path)
    if (size > MAX_DATA_SIZE) errs.push(fieldErr.tooLong('', MAX_DATA_SIZE));
    return errs;
  },
  validateUpdate: (cm, old) => validateImmutable(cm, old, ['data', 'binaryData']),

  table: {
    columns: [nameColumn, column('Data', 'string', 'Data contains the configuration data.'), ageColumn],
    cells: (cm, now) => [cm.metadata.name, Object.keys(cm.data ?? {}).length + Object.keys(cm.binaryData ?? {}).length, age(cm.metadata.creationTimestamp, now)],
  },
};

export default desc;
