/**
 * apiVersion/kind of a body against the endpoint's. Missing parts are filled from the endpoint
 * (the serializer's gvkWithDefaults); a different group/version or kind is a 400.
 */
import { badRequest } from '../../../lib/errors.ts';
import { cannotHandle } from './errors.ts';

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

const gv = (group: string, version: string) => (group ? `${group}/${version}` : version);

export function checkTypeMeta(apiVersion: string, kind: string, expected: GroupVersionKind): { apiVersion: string; kind: string } {
  let [group, version] = apiVersion.includes('/') ? apiVersion.split('/', 2) : ['', apiVersion];
  if (!version && !group) [group, version] = [expected.group, expected.version];
  if (!version && group === expected.group) version = expected.version;
  const want = gv(expected.group, expected.version);
  if (gv(group, version) !== want) throw badRequest(`the API version in the data (${gv(group, version)}) does not match the expected API version (${want})`);
  const bodyKind = kind || expected.kind;
  if (bodyKind !== expected.kind) {
    // Kubernetes decodes the other kind, then fails to convert it to the endpoint's internal type
    const pkg = expected.group ? expected.group.split('.')[0] : 'core';
    throw cannotHandle(bodyKind, version, expected.kind, `converting (${version}.${bodyKind}) to (${pkg}.${expected.kind}): unknown conversion`);
  }
  return { apiVersion: want, kind: expected.kind };
}
