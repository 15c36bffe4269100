/**
 * The OpenAPI paths of one kind: its collection, its objects and their status subresource,
 * with the operations kubectl inspects. kubectl decides that the server validates fields when the
 * kind's `patch` operation (found by `x-kubernetes-group-version-kind`) lists `fieldValidation`.
 */
import type { KindDescriptor } from '../registry/types.ts';
import type { OpenAPISchema } from './components.ts';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const query = (name: string, description: string, type = 'string') => ({ name, in: 'query', description, schema: { type, uniqueItems: true } });
const pathParam = (name: string, description: string) => ({ name, in: 'path', description, required: true, schema: { type: 'string', uniqueItems: true } });

const PARAMS = {
  pretty: query('pretty', "If 'true', the output is indented."),
  dryRun: query('dryRun', 'When present (the only value is All), the request is processed but nothing is persisted.'),
  fieldManager: query('fieldManager', 'A name for the actor making these changes, recorded in managedFields. Required for apply patches.'),
  fieldValidation: query(
    'fieldValidation',
    'What to do with unknown or duplicate fields in the body: Ignore drops them, Warn (the default) drops them and returns a Warning header for each, Strict fails the request.',
  ),
  force: query('force', 'Apply patches only: take ownership of conflicting fields from other managers.', 'boolean'),
  labelSelector: query('labelSelector', 'Only return objects whose labels match this selector.'),
  fieldSelector: query('fieldSelector', 'Only return objects whose fields match this selector.'),
  limit: query('limit', 'The maximum number of objects to return; the response carries a continue token for the rest.', 'integer'),
  continue: query('continue', 'The continue token of the previous page.'),
  resourceVersion: query('resourceVersion', 'Which version of the data to serve.'),
  watch: query('watch', 'Stream changes instead of returning a list.', 'boolean'),
};

const PATCH_TYPES = ['application/apply-patch+yaml', 'application/json-patch+json', 'application/merge-patch+json', 'application/strategic-merge-patch+json'];
const RESPONSE_TYPES = ['application/json', 'application/yaml', 'application/vnd.kubernetes.protobuf'];

/** deployments → Deployment; "" group → Core; rbac.authorization.k8s.io → RbacAuthorization */
function operationSuffix(d: Pick<KindDescriptor, 'group' | 'version' | 'kind'>, namespaced: boolean): string {
  const group = d.group ? d.group.replace(/\.k8s\.io$/, '').split('.').map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('') : 'Core';
  const version = d.version.charAt(0).toUpperCase() + d.version.slice(1);
  return `${group}${version}${namespaced ? 'Namespaced' : ''}${d.kind}`;
}

/** What the paths of a kind are derived from. */
type Described = Pick<KindDescriptor, 'group' | 'version' | 'kind' | 'resource' | 'namespaced' | 'openapiName' | 'subresources'>;

/** A resource that only takes `create` (access reviews): its collection's POST. */
export function createOnlyPaths(d: Described): Record<string, OpenAPISchema> {
  const paths = kindPaths(d);
  const [collection] = Object.keys(paths);
  const { post, parameters } = paths[collection] as { post: OpenAPISchema; parameters: OpenAPISchema };
  return { [collection]: { post, parameters } };
}

export function kindPaths(d: Described): Record<string, OpenAPISchema> {
  const prefix = d.group ? `/apis/${d.group}/${d.version}` : `/api/${d.version}`;
  const collection = d.namespaced ? `${prefix}/namespaces/{namespace}/${d.resource}` : `${prefix}/${d.resource}`;
  const gvk = { group: d.group, version: d.version, kind: d.kind };
  const tag = `${(d.group || 'core').split('.')[0]}_${d.version}`;
  const suffix = operationSuffix(d, d.namespaced);
  const body = (types: string[], schema: object) => ({ content: Object.fromEntries(types.map((t) => [t, { schema }])), required: true });
  const ok = (code = '200') => ({ [code]: { description: code === '201' ? 'Created' : 'OK', content: Object.fromEntries(RESPONSE_TYPES.map((t) => [t, { schema: ref(d.openapiName) }])) } });
  const op = (verb: string, action: string, description: string, extra: OpenAPISchema = {}) => ({
    tags: [tag],
    description,
    operationId: `${verb}${suffix}`,
    ...extra,
    responses: { ...ok(), ...(action === 'post' ? ok('201') : {}), 401: { description: 'Unauthorized' } },
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': gvk,
  });
  const write = [PARAMS.dryRun, PARAMS.fieldManager, PARAMS.fieldValidation];
  const nameParams = [pathParam('name', `name of the ${d.kind}`), ...(d.namespaced ? [pathParam('namespace', 'object name and auth scope, such as for teams and projects')] : []), PARAMS.pretty];
  const itemOps = (what: string) => ({
    get: op('read', 'get', `read ${what} of the specified ${d.kind}`),
    put: op('replace', 'put', `replace ${what} of the specified ${d.kind}`, { parameters: write, requestBody: body(['*/*'], ref(d.openapiName)) }),
    patch: op('patch', 'patch', `partially update ${what} of the specified ${d.kind}`, {
      parameters: [...write, PARAMS.force],
      requestBody: body(PATCH_TYPES, ref('io.k8s.apimachinery.pkg.apis.meta.v1.Patch')),
    }),
    parameters: nameParams,
  });
  const paths: Record<string, OpenAPISchema> = {
    [collection]: {
      get: op('list', 'list', `list or watch objects of kind ${d.kind}`, {
        parameters: [PARAMS.labelSelector, PARAMS.fieldSelector, PARAMS.limit, PARAMS.continue, PARAMS.resourceVersion, PARAMS.watch],
      }),
      post: op('create', 'post', `create a ${d.kind}`, { parameters: write, requestBody: body(['*/*'], ref(d.openapiName)) }),
      parameters: [...(d.namespaced ? [pathParam('namespace', 'object name and auth scope, such as for teams and projects')] : []), PARAMS.pretty],
    },
    [`${collection}/{name}`]: { ...itemOps('the'), delete: op('delete', 'delete', `delete a ${d.kind}`, { parameters: [PARAMS.dryRun] }) },
  };
  if (d.subresources?.status) {
    const status = itemOps('status');
    for (const m of ['get', 'put', 'patch'] as const) (status[m] as { operationId: string }).operationId += 'Status';
    paths[`${collection}/{name}/status`] = status;
  }
  return paths;
}
