/**
 * apiextensions.k8s.io/v1 CustomResourceDefinition. Field numbers from k8s.io/apiextensions-apiserver
 * generated.proto. A version's openAPIV3Schema is kept as plain JSON (the CRD machinery in
 * workers/apiserver/crd/ reads it as a JSONSchemaProps); conversion webhooks likewise.
 */
import * as v from 'valibot';
import { bool, field, int32, list, message, obj, str, strList, time } from '../schema/fields.ts';
import { objectEntries, type KubeObject } from './meta.ts';
import { webhookClientConfig, type WebhookClientConfig } from './admissionregistration/webhooks.ts';

export const APIEXTENSIONS_GROUP = 'apiextensions.k8s.io';
/** the finalizer that makes deleting a CRD delete its objects first */
export const CRD_CLEANUP_FINALIZER = 'customresourcecleanup.apiextensions.k8s.io';

const json = (pb: number, doc = '') => field(v.unknown(), { pb }, doc);

const names = message({
  plural: str(1, { doc: 'plural is the plural name of the resource to serve, used in URLs (/apis/<group>/<version>/.../<plural>). Must be all lowercase.' }),
  singular: str(2, { doc: 'singular is the singular name of the resource. It must be all lowercase. Defaults to the lowercased `kind`.' }),
  shortNames: strList(3, { listType: 'atomic', doc: 'shortNames are short names for the resource, exposed in API discovery documents, and used by clients to support invocations like `kubectl get <shortname>`. It must be all lowercase.' }),
  kind: str(4, { doc: 'kind is the serialized kind of the resource. It is normally CamelCase and singular.' }),
  listKind: str(5, { doc: 'listKind is the serialized kind of the list for this resource. Defaults to "`kind`List".' }),
  categories: strList(6, { listType: 'atomic', doc: 'categories is a list of grouped resources this custom resource belongs to (e.g. \'all\').' }),
});

const printerColumn = message({
  name: str(1, { doc: 'name is a human readable name for the column.' }),
  type: str(2, { doc: 'type is an OpenAPI type definition for this column.' }),
  format: str(3, { doc: 'format is an optional OpenAPI type definition for this column.' }),
  description: str(4, { doc: 'description is a human readable description of this column.' }),
  priority: int32(5, { doc: 'priority is an integer defining the relative importance of this column compared to others.' }),
  jsonPath: str(6, { doc: 'jsonPath is a simple JSON path (i.e. with array notation) which is evaluated against each custom resource to produce the value for this column.' }),
});

const conversion = message({
  strategy: str(1, { doc: 'strategy specifies how custom resources are converted between versions. Allowed values are: `None` and `Webhook`.' }),
  webhook: obj(2, {
    clientConfig: obj(2, webhookClientConfig, { doc: 'clientConfig is how to reach the conversion webhook when strategy is `Webhook`.' }),
    conversionReviewVersions: strList(3, { listType: 'atomic', doc: 'conversionReviewVersions is the ordered list of ConversionReview versions the webhook expects; the API server sends the first it knows (v1, v1beta1). Required.' }),
  }, { doc: 'webhook describes how to call the conversion webhook. Required when `strategy` is set to `Webhook`.' }),
});

const version = message({
  name: str(1, { doc: 'name is the version name, e.g. “v1”, “v2beta1”, etc.' }),
  served: bool(2, { keep: true, doc: 'served is a flag enabling/disabling this version from being served via REST APIs' }),
  storage: bool(3, { keep: true, doc: 'storage indicates this version should be used when persisting custom resources to storage. There must be exactly one version with storage=true.' }),
  deprecated: bool(7, { doc: 'deprecated indicates this version of the custom resource API is deprecated.' }),
  deprecationWarning: str(8, { ptr: true, doc: 'deprecationWarning overrides the default warning returned to API clients.' }),
  schema: obj(4, { openAPIV3Schema: json(1, 'openAPIV3Schema is the OpenAPI v3 schema to use for validation and pruning.') }, { doc: 'schema describes the schema used for validation, pruning, and defaulting of this version of the custom resource.' }),
  subresources: obj(
    5,
    {
      status: json(1, 'status indicates the custom resource should serve a `/status` subresource.'),
      scale: obj(
        2,
        {
          specReplicasPath: str(1, { doc: 'specReplicasPath defines the JSON path inside of a custom resource that corresponds to Scale `spec.replicas`.' }),
          statusReplicasPath: str(2, { doc: 'statusReplicasPath defines the JSON path inside of a custom resource that corresponds to Scale `status.replicas`.' }),
          labelSelectorPath: str(3, { ptr: true, doc: 'labelSelectorPath defines the JSON path inside of a custom resource that corresponds to Scale `status.selector`.' }),
        },
        { doc: 'scale indicates the custom resource should serve a `/scale` subresource that returns an `autoscaling/v1` Scale object.' },
      ),
    },
    { doc: 'subresources specify what subresources this version of the defined custom resource have.' },
  ),
  additionalPrinterColumns: list(6, printerColumn, { listType: 'atomic', doc: 'additionalPrinterColumns specifies additional columns returned in Table output.' }),
  selectableFields: list(9, message({ jsonPath: str(1) }), { listType: 'atomic', doc: 'selectableFields specifies paths to fields that may be used as field selectors.' }),
});

const condition = message({
  type: str(1, { doc: 'type is the type of the condition. Types include Established, NamesAccepted and Terminating.' }),
  status: str(2, { doc: 'status is the status of the condition. Can be True, False, Unknown.' }),
  lastTransitionTime: time(3, { doc: 'lastTransitionTime last time the condition transitioned from one status to another.' }),
  reason: str(4, { doc: "reason is a unique, one-word, CamelCase reason for the condition's last transition." }),
  message: str(5, { doc: 'message is a human-readable message indicating details about last transition.' }),
});

export const customResourceDefinition = v.object({
  ...objectEntries,
  spec: obj(
    2,
    {
      group: str(1, { doc: 'group is the API group of the defined custom resource. Must match the name of the CustomResourceDefinition (in the form `<names.plural>.<group>`).' }),
      names: obj(3, names, { doc: 'names specify the resource and kind names for the custom resource.' }),
      scope: str(4, { doc: 'scope indicates whether the defined custom resource is cluster- or namespace-scoped. Allowed values are `Cluster` and `Namespaced`.' }),
      versions: list(7, version, { listType: 'atomic', doc: 'versions is the list of all API versions of the defined custom resource.' }),
      conversion: obj(9, conversion, { doc: 'conversion defines conversion settings for the CRD.' }),
      preserveUnknownFields: bool(10, { doc: 'preserveUnknownFields indicates that object fields which are not specified in the OpenAPI schema should be preserved when persisting to storage.' }),
    },
    { doc: 'spec describes how the user wants the resources to appear' },
  ),
  status: obj(
    3,
    {
      conditions: list(1, condition, { listType: 'map', listMapKeys: ['type'], doc: 'conditions indicate state for particular aspects of a CustomResourceDefinition' }),
      acceptedNames: obj(2, names, { doc: 'acceptedNames are the names that are actually being used to serve discovery.' }),
      storedVersions: strList(3, { listType: 'atomic', doc: 'storedVersions lists all versions of CustomResources that were ever persisted.' }),
    },
    { doc: 'status indicates the actual state of the CustomResourceDefinition' },
  ),
});

export interface CRDNames {
  plural?: string;
  singular?: string;
  shortNames?: string[];
  kind?: string;
  listKind?: string;
  categories?: string[];
}

export interface PrinterColumn {
  name?: string;
  type?: string;
  format?: string;
  description?: string;
  priority?: number;
  jsonPath?: string;
}

export interface ScaleSubresource {
  specReplicasPath?: string;
  statusReplicasPath?: string;
  labelSelectorPath?: string;
}

export interface CRDConversion {
  strategy?: string;
  webhook?: { clientConfig?: WebhookClientConfig; conversionReviewVersions?: string[] };
}

export interface CRDVersion {
  name?: string;
  served?: boolean;
  storage?: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  schema?: { openAPIV3Schema?: JSONSchemaProps };
  subresources?: { status?: object; scale?: ScaleSubresource };
  additionalPrinterColumns?: PrinterColumn[];
  selectableFields?: { jsonPath?: string }[];
}

export interface CRDCondition {
  type: string;
  status: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface CustomResourceDefinition extends KubeObject {
  spec: {
    group?: string;
    names?: CRDNames;
    scope?: string;
    versions?: CRDVersion[];
    conversion?: CRDConversion;
    preserveUnknownFields?: boolean;
  };
  status?: {
    conditions?: CRDCondition[];
    acceptedNames?: CRDNames;
    storedVersions?: string[];
  };
}

/** An OpenAPI v3 schema as a CRD states it (apiextensions/v1 JSONSchemaProps), structural or not. */
export interface JSONSchemaProps {
  type?: string;
  format?: string;
  title?: string;
  description?: string;
  default?: unknown;
  nullable?: boolean;
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  required?: string[];
  properties?: Record<string, JSONSchemaProps>;
  additionalProperties?: JSONSchemaProps | boolean;
  items?: JSONSchemaProps;
  allOf?: JSONSchemaProps[];
  anyOf?: JSONSchemaProps[];
  oneOf?: JSONSchemaProps[];
  not?: JSONSchemaProps;
  $ref?: string;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-embedded-resource'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-list-type'?: 'atomic' | 'set' | 'map';
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: 'atomic' | 'granular';
  'x-kubernetes-validations'?: ValidationRule[];
}

/** An `x-kubernetes-validations` entry: a CEL rule. */
export interface ValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: string;
  fieldPath?: string;
  optionalOldSelf?: boolean;
}
