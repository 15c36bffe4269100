/**
 * authorization.k8s.io/v1 SelfSubjectAccessReview (`kubectl auth can-i`),
 * SelfSubjectRulesReview (`kubectl auth can-i --list`), SubjectAccessReview and
 * LocalSubjectAccessReview: schemas of the request bodies. Field numbers from
 * k8s.io/api/authorization/v1/generated.proto.
 */
import * as v from 'valibot';
import { bool, list, message, msgMap, obj, str, strList } from '../schema/fields.ts';
import { labelSelectorRequirement, objectEntries } from './meta.ts';

const selectorAttributes = message({
  rawSelector: str(1, { doc: 'The serialization of a field or label selector.' }),
  requirements: list(2, labelSelectorRequirement, { listType: 'atomic', doc: 'The parsed interpretation of the selector.' }),
});

export const resourceAttributes = message({
  namespace: str(1, { doc: 'The namespace of the action being requested ("" means all).' }),
  verb: str(2, { doc: 'A kubernetes resource API verb, like get, list, watch, create, update, delete, proxy ("*" means all).' }),
  group: str(3, { doc: 'The API Group of the Resource ("*" means all).' }),
  version: str(4, { doc: 'The API Version of the Resource ("*" means all).' }),
  resource: str(5, { doc: 'One of the existing resource types ("*" means all).' }),
  subresource: str(6, { doc: 'One of the existing resource types ("" means none).' }),
  name: str(7, { doc: 'The name of the resource being requested for a "get" or deleted for a "delete" ("" means all).' }),
  fieldSelector: obj(8, selectorAttributes, { ptr: true, doc: 'The field selector of the access request.' }),
  labelSelector: obj(9, selectorAttributes, { ptr: true, doc: 'The label selector of the access request.' }),
});

export const nonResourceAttributes = message({
  path: str(1, { doc: 'The URL path of the request.' }),
  verb: str(2, { doc: 'The standard HTTP verb.' }),
});

const accessReviewStatus = message({
  allowed: bool(1, { keep: true, doc: 'Whether the action would be allowed.' }),
  reason: str(2, { doc: 'Why a request was allowed or denied.' }),
  evaluationError: str(3, { doc: 'An indication that some error occurred during the authorization check.' }),
  denied: bool(4, { doc: 'Whether the action is definitely denied.' }),
});

export const selfSubjectAccessReview = v.object({
  ...objectEntries,
  spec: obj(
    2,
    {
      resourceAttributes: obj(1, resourceAttributes, { ptr: true, doc: 'Information for a resource access request.' }),
      nonResourceAttributes: obj(2, nonResourceAttributes, { ptr: true, doc: 'Information for a non-resource access request.' }),
    },
    { keep: true, doc: 'The request being evaluated; exactly one attribute set must be given.' },
  ),
  status: obj(3, accessReviewStatus, { doc: 'Filled in by the server: whether the request is allowed.' }),
});

/** SubjectAccessReviewSpec: the self spec plus the subject asked about. */
const subjectAccessReviewSpec = obj(
  2,
  {
    resourceAttributes: obj(1, resourceAttributes, { ptr: true, doc: 'Information for a resource access request.' }),
    nonResourceAttributes: obj(2, nonResourceAttributes, { ptr: true, doc: 'Information for a non-resource access request.' }),
    user: str(3, { doc: 'The user you are testing for.' }),
    groups: strList(4, { listType: 'atomic', doc: 'The groups you are testing for.' }),
    // map<string, ExtraValue>; ExtraValue is `repeated string items = 1`, a plain list in JSON
    extra: msgMap(5, v.array(v.string()), { doc: 'The user.Info extra of the subject.' }),
    uid: str(6, { doc: 'UID information about the requesting user.' }),
  },
  { keep: true, doc: 'The request being evaluated; exactly one attribute set must be given.' },
);

export const subjectAccessReview = v.object({
  ...objectEntries,
  spec: subjectAccessReviewSpec,
  status: obj(3, accessReviewStatus, { doc: 'Filled in by the server: whether the request is allowed.' }),
});

export const localSubjectAccessReview = subjectAccessReview;

const resourceRule = message({
  verbs: strList(1, { keep: true, listType: 'atomic', doc: 'Verbs allowed on the resources.' }),
  apiGroups: strList(2, { listType: 'atomic', doc: 'API groups of the resources.' }),
  resources: strList(3, { listType: 'atomic', doc: 'Resources the rule applies to.' }),
  resourceNames: strList(4, { listType: 'atomic', doc: 'Names the rule applies to (empty means all).' }),
});

const nonResourceRule = message({
  verbs: strList(1, { keep: true, listType: 'atomic', doc: 'Verbs allowed on the non-resource URLs.' }),
  nonResourceURLs: strList(2, { listType: 'atomic', doc: 'Partial URLs a user should have access to.' }),
});

export const selfSubjectRulesReview = v.object({
  ...objectEntries,
  spec: obj(2, { namespace: str(1, { doc: 'The namespace to evaluate rules for. Required.' }) }, { keep: true, doc: 'The namespace to evaluate rules for.' }),
  status: obj(
    3,
    {
      resourceRules: list(1, resourceRule, { keep: true, listType: 'atomic', doc: 'Resource rules allowed in the namespace.' }),
      nonResourceRules: list(2, nonResourceRule, { keep: true, listType: 'atomic', doc: 'Non-resource rules allowed.' }),
      incomplete: bool(3, { keep: true, doc: 'True when the rules in this list are incomplete.' }),
      evaluationError: str(4, { doc: 'Errors met while evaluating the rules.' }),
    },
    { doc: 'Filled in by the server: the set of actions the user can perform.' },
  ),
});
