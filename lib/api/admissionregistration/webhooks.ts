/**
 * admissionregistration.k8s.io/v1 MutatingWebhookConfiguration and ValidatingWebhookConfiguration.
 * Field numbers from k8s.io/api/admissionregistration/v1/generated.proto.
 */
import * as v from 'valibot';
import { bytes, inline, int32, list, message, obj, str, strList } from '../../schema/fields.ts';
import { labelSelector, objectEntries, type KubeObject, type LabelSelector } from '../meta.ts';

export const ADMISSIONREGISTRATION_GROUP = 'admissionregistration.k8s.io';

export const serviceReference = message({
  namespace: str(1, { keep: true, doc: '`namespace` is the namespace of the service. Required' }),
  name: str(2, { keep: true, doc: '`name` is the name of the service. Required' }),
  path: str(3, { ptr: true, doc: '`path` is an optional URL path which will be sent in any request to this service.' }),
  port: int32(4, { ptr: true, doc: 'If specified, the port on the service that hosting webhook. Default to 443 for backward compatibility. `port` should be a valid port number (1-65535, inclusive).' }),
});

export const webhookClientConfig = message({
  url: str(3, { ptr: true, doc: '`url` gives the location of the webhook, in standard URL form (`scheme://host:port/path`). Exactly one of `url` or `service` must be specified.' }),
  service: obj(1, serviceReference, { ptr: true, doc: '`service` is a reference to the service for this webhook. Either `service` or `url` must be specified.' }),
  caBundle: bytes(2, { doc: '`caBundle` is a PEM encoded CA bundle which will be used to validate the webhook\'s server certificate. If unspecified, system trust roots on the apiserver are used.' }),
});

/** Rule, embedded (inlined in JSON) in RuleWithOperations at field 2. */
const ruleEntries = inline(2, {
  apiGroups: strList(1, { listType: 'atomic', doc: "APIGroups is the API groups the resources belong to. '*' is all groups. If '*' is present, the length of the slice must be one. Required." }),
  apiVersions: strList(2, { listType: 'atomic', doc: "APIVersions is the API versions the resources belong to. '*' is all versions. If '*' is present, the length of the slice must be one. Required." }),
  resources: strList(3, { listType: 'atomic', doc: "Resources is a list of resources this rule applies to. 'pods' means pods, 'pods/log' the log subresource of pods, '*' all resources but not subresources, 'pods/*' all subresources of pods, '*/scale' all scale subresources, '*/*' all resources and their subresources." }),
  scope: str(4, { ptr: true, doc: 'scope specifies the scope of this rule. Valid values are "Cluster", "Namespaced", and "*". Default is "*".' }),
});

export const ruleWithOperations = message({
  operations: strList(1, { listType: 'atomic', doc: "Operations is the operations the admission hook cares about - CREATE, UPDATE, DELETE, CONNECT or * for all of those operations and any future admission operations that are added. If '*' is present, the length of the slice must be one. Required." }),
  ...ruleEntries,
});

export const matchCondition = message({
  name: str(1, { keep: true, doc: 'Name is an identifier for this match condition. Required.' }),
  expression: str(2, { keep: true, doc: 'Expression represents the expression which will be evaluated by CEL. Must evaluate to bool. Required.' }),
});

const common = {
  name: str(1, { keep: true, doc: 'The name of the admission webhook. Name should be fully qualified, e.g., imagepolicy.kubernetes.io. Required.' }),
  clientConfig: obj(2, webhookClientConfig, { keep: true, doc: 'ClientConfig defines how to communicate with the hook. Required' }),
  rules: list(3, ruleWithOperations, { listType: 'atomic', doc: 'Rules describes what operations on what resources/subresources the webhook cares about. The webhook cares about an operation if it matches _any_ Rule.' }),
  failurePolicy: str(4, { ptr: true, doc: 'FailurePolicy defines how unrecognized errors from the admission endpoint are handled - allowed values are Ignore or Fail. Defaults to Fail.' }),
  matchPolicy: str(9, { ptr: true, doc: 'matchPolicy defines how the "rules" list is used to match incoming requests. Allowed values are "Exact" or "Equivalent". Defaults to "Equivalent"' }),
  namespaceSelector: obj(5, labelSelector, { ptr: true, doc: 'NamespaceSelector decides whether to run the webhook on an object based on whether the namespace for that object matches the selector. Default to the empty LabelSelector, which matches everything.' }),
  sideEffects: str(6, { ptr: true, doc: 'SideEffects states whether this webhook has side effects. Acceptable values are: None, NoneOnDryRun.' }),
  timeoutSeconds: int32(7, { ptr: true, doc: 'TimeoutSeconds specifies the timeout for this webhook. The timeout value must be between 1 and 30 seconds. Default to 10 seconds.' }),
  admissionReviewVersions: strList(8, { listType: 'atomic', doc: 'AdmissionReviewVersions is an ordered list of preferred `AdmissionReview` versions the Webhook expects.' }),
};

const matchConditionsDoc = 'MatchConditions is a list of conditions that must be met for a request to be sent to this webhook. There are a maximum of 64 match conditions allowed.';

export const mutatingWebhook = message({
  ...common,
  objectSelector: obj(11, labelSelector, { ptr: true, doc: 'ObjectSelector decides whether to run the webhook based on if the object has matching labels. Default to the empty LabelSelector, which matches everything.' }),
  reinvocationPolicy: str(10, { ptr: true, doc: 'reinvocationPolicy indicates whether this webhook should be called multiple times as part of a single admission evaluation. Allowed values are "Never" and "IfNeeded". Defaults to "Never".' }),
  matchConditions: list(12, matchCondition, { patchStrategy: 'merge', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'], doc: matchConditionsDoc }),
});

export const validatingWebhook = message({
  ...common,
  objectSelector: obj(10, labelSelector, { ptr: true, doc: 'ObjectSelector decides whether to run the webhook based on if the object has matching labels. Default to the empty LabelSelector, which matches everything.' }),
  matchConditions: list(11, matchCondition, { patchStrategy: 'merge', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'], doc: matchConditionsDoc }),
});

const webhooksMeta = { patchStrategy: 'merge' as const, patchMergeKey: 'name', listType: 'map' as const, listMapKeys: ['name'] };

export const mutatingWebhookConfiguration = v.object({
  ...objectEntries,
  webhooks: list(2, mutatingWebhook, { ...webhooksMeta, doc: 'Webhooks is a list of webhooks and the affected resources and operations.' }),
});

export const validatingWebhookConfiguration = v.object({
  ...objectEntries,
  webhooks: list(2, validatingWebhook, { ...webhooksMeta, doc: 'Webhooks is a list of webhooks and the affected resources and operations.' }),
});

export interface ServiceReference {
  namespace: string;
  name: string;
  path?: string;
  port?: number;
}

export interface WebhookClientConfig {
  url?: string;
  service?: ServiceReference;
  /** base64 of the PEM bundle */
  caBundle?: string;
}

export interface RuleWithOperations {
  operations?: string[];
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  scope?: string;
}

export interface MatchCondition {
  name: string;
  expression: string;
}

/** The fields of both webhook kinds; a validating webhook never has reinvocationPolicy. */
export interface Webhook {
  name: string;
  clientConfig: WebhookClientConfig;
  rules?: RuleWithOperations[];
  failurePolicy?: 'Fail' | 'Ignore' | string;
  matchPolicy?: 'Exact' | 'Equivalent' | string;
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
  sideEffects?: 'None' | 'NoneOnDryRun' | 'Some' | 'Unknown' | string;
  timeoutSeconds?: number;
  admissionReviewVersions?: string[];
  reinvocationPolicy?: 'Never' | 'IfNeeded' | string;
  matchConditions?: MatchCondition[];
}

export interface WebhookConfiguration extends KubeObject {
  webhooks?: Webhook[];
}
