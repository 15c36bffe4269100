/**
 * admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding.
 * Field numbers from k8s.io/api/admissionregistration/v1/generated.proto.
 */
import * as v from 'valibot';
import { int64, list, message, obj, str, strList, inline } from '../../schema/fields.ts';
import { condition, labelSelector, objectEntries, type KubeObject, type LabelSelector } from '../meta.ts';
import { matchCondition, ruleWithOperations, type MatchCondition, type RuleWithOperations } from './webhooks.ts';

export const paramKind = message(
  {
    apiVersion: str(1, { doc: 'APIVersion is the API group version the resources belong to. In format of "group/version". Required.' }),
    kind: str(2, { doc: 'Kind is the API kind the resources belong to. Required.' }),
  },
  { structType: 'atomic' },
);

/** NamedRuleWithOperations: resourceNames, then RuleWithOperations inlined at field 2. */
export const namedRuleWithOperations = message(
  {
    resourceNames: strList(1, { listType: 'atomic', doc: 'ResourceNames is an optional white list of names that the rule applies to. An empty set means that everything is allowed.' }),
    ...inline(2, ruleWithOperations.entries),
  },
  { structType: 'atomic' },
);

export const matchResources = message(
  {
    namespaceSelector: obj(1, labelSelector, { ptr: true, doc: 'NamespaceSelector decides whether to run the admission control policy on an object based on whether the namespace for that object matches the selector.' }),
    objectSelector: obj(2, labelSelector, { ptr: true, doc: 'ObjectSelector decides whether to run the validation based on if the object has matching labels.' }),
    resourceRules: list(3, namedRuleWithOperations, { listType: 'atomic', doc: 'ResourceRules describes what operations on what resources/subresources the ValidatingAdmissionPolicy matches.' }),
    excludeResourceRules: list(4, namedRuleWithOperations, { listType: 'atomic', doc: 'ExcludeResourceRules describes what operations on what resources/subresources the ValidatingAdmissionPolicy should not care about.' }),
    matchPolicy: str(7, { ptr: true, doc: 'matchPolicy defines how the "MatchResources" list is used to match incoming requests. Allowed values are "Exact" or "Equivalent". Defaults to "Equivalent"' }),
  },
  { structType: 'atomic' },
);

export const validation = message({
  expression: str(1, { keep: true, doc: 'Expression represents the expression which will be evaluated by CEL. Required.' }),
  message: str(2, { doc: 'Message represents the message displayed when validation fails.' }),
  reason: str(3, { ptr: true, doc: 'Reason represents a machine-readable description of why this validation failed. Supported values: "Unauthorized", "Forbidden", "Invalid", "RequestEntityTooLarge". Defaults to "Invalid".' }),
  messageExpression: str(4, { doc: 'messageExpression declares a CEL expression that evaluates to the validation failure message that is returned when this rule fails.' }),
});

export const auditAnnotation = message({
  key: str(1, { keep: true, doc: 'key specifies the audit annotation key. Required.' }),
  valueExpression: str(2, { keep: true, doc: 'valueExpression represents the expression which is evaluated by CEL to produce an audit annotation value. Required.' }),
});

export const variable = message({
  name: str(1, { keep: true, doc: 'Name is the name of the variable. The variable can be accessed in other expressions through `variables`.' }),
  expression: str(2, { keep: true, doc: 'Expression is the expression that will be evaluated as the value of the variable. Required.' }),
});

export const expressionWarning = message({
  fieldRef: str(2, { keep: true, doc: 'The path to the field that refers the expression.' }),
  warning: str(3, { keep: true, doc: 'The content of type checking information in a human-readable form.' }),
});

export const validatingAdmissionPolicy = v.object({
  ...objectEntries,
  spec: obj(
    2,
    {
      paramKind: obj(1, paramKind, { ptr: true, doc: 'ParamKind specifies the kind of resources used to parameterize this policy.' }),
      matchConstraints: obj(2, matchResources, { ptr: true, doc: 'MatchConstraints specifies what resources this policy is designed to validate. Required.' }),
      validations: list(3, validation, { listType: 'atomic', doc: 'Validations contain CEL expressions which is used to apply the validation.' }),
      failurePolicy: str(4, { ptr: true, doc: 'failurePolicy defines how to handle failures for the admission policy. Allowed values are Ignore or Fail. Defaults to Fail.' }),
      auditAnnotations: list(5, auditAnnotation, { listType: 'atomic', doc: 'auditAnnotations contains CEL expressions which are used to produce audit annotations for the audit event of the API request.' }),
      matchConditions: list(6, matchCondition, { patchStrategy: 'merge', patchMergeKey: 'name', listType: 'map', listMapKeys: ['name'], doc: 'MatchConditions is a list of conditions that must be met for a request to be validated.' }),
      variables: list(7, variable, { listType: 'atomic', doc: 'Variables contain definitions of variables that can be used in composition of other expressions.' }),
    },
    { doc: 'Specification of the desired behavior of the ValidatingAdmissionPolicy.' },
  ),
  status: obj(
    3,
    {
      observedGeneration: int64(1, { doc: 'The generation observed by the controller.' }),
      typeChecking: obj(2, { expressionWarnings: list(1, expressionWarning, { listType: 'atomic', doc: 'The type checking warnings for each expression.' }) }, { ptr: true, doc: 'The results of type checking for each expression.' }),
      conditions: list(3, condition, { listType: 'map', listMapKeys: ['type'], doc: 'The conditions represent the latest available observations of a policy\'s current state.' }),
    },
    { doc: 'The status of the ValidatingAdmissionPolicy, including warnings that are useful to determine if the policy behaves in the expected way.' },
  ),
});

export const validatingAdmissionPolicyBinding = v.object({
  ...objectEntries,
  spec: obj(
    2,
    {
      policyName: str(1, { doc: 'PolicyName references a ValidatingAdmissionPolicy name which the ValidatingAdmissionPolicyBinding binds to.' }),
      paramRef: obj(
        2,
        {
          name: str(1, { doc: 'name is the name of the resource being referenced.' }),
          namespace: str(2, { doc: 'namespace is the namespace of the referenced resource.' }),
          selector: obj(3, labelSelector, { ptr: true, doc: 'selector can be used to match multiple param objects based on their labels.' }),
          parameterNotFoundAction: str(4, { ptr: true, doc: '`parameterNotFoundAction` controls the behavior of the binding when the resource exists, and name or selector is valid, but there are no parameters matched by the binding. Allowed values are `Allow` or `Deny`.' }),
        },
        { ptr: true, structType: 'atomic', doc: 'paramRef specifies the parameter resource used to configure the admission control policy.' },
      ),
      matchResources: obj(3, matchResources, { ptr: true, doc: 'MatchResources declares what resources match this binding and will be validated by it.' }),
      validationActions: strList(4, { listType: 'set', doc: 'validationActions declares how Validations of the referenced ValidatingAdmissionPolicy are enforced. Allowed values: Deny, Warn, Audit.' }),
    },
    { doc: 'Specification of the desired behavior of the ValidatingAdmissionPolicyBinding.' },
  ),
});

export interface NamedRuleWithOperations extends RuleWithOperations {
  resourceNames?: string[];
}

export interface MatchResources {
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
  resourceRules?: NamedRuleWithOperations[];
  excludeResourceRules?: NamedRuleWithOperations[];
  matchPolicy?: 'Exact' | 'Equivalent' | string;
}

export interface Validation {
  expression: string;
  message?: string;
  reason?: string;
  messageExpression?: string;
}

export interface ValidatingAdmissionPolicySpec {
  paramKind?: { apiVersion?: string; kind?: string };
  matchConstraints?: MatchResources;
  validations?: Validation[];
  failurePolicy?: 'Fail' | 'Ignore' | string;
  auditAnnotations?: { key: string; valueExpression: string }[];
  matchConditions?: MatchCondition[];
  variables?: { name: string; expression: string }[];
}

export interface ValidatingAdmissionPolicy extends KubeObject {
  spec?: ValidatingAdmissionPolicySpec;
  status?: {
    observedGeneration?: number;
    typeChecking?: { expressionWarnings?: { fieldRef: string; warning: string }[] };
    conditions?: unknown[];
  };
}

export interface ParamRef {
  name?: string;
  namespace?: string;
  selector?: LabelSelector;
  parameterNotFoundAction?: 'Allow' | 'Deny' | string;
}

export interface ValidatingAdmissionPolicyBinding extends KubeObject {
  spec?: {
    policyName?: string;
    paramRef?: ParamRef;
    matchResources?: MatchResources;
    validationActions?: ('Deny' | 'Warn' | 'Audit' | string)[];
  };
}
