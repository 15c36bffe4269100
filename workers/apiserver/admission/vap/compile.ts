/**
 * A policy's expressions compiled as Kubernetes compiles them (plugin/cel/compile.go): the
 * variables object, oldObject, request, namespaceObject (typed), params (when paramKind is set),
 * authorizer and authorizer.requestResource, variables (typed by their own expressions, in order).
 * Validations must evaluate to bool, messageExpressions and auditAnnotations' valueExpressions to
 * string (or null for these), matchConditions to bool.
 */
import type { ValidatingAdmissionPolicy } from '../../../../lib/api/admissionregistration/vap.ts';
import { BOOL, compile, DYN, INT, listOf, mapOf, named, STRING, type Declarations, type Program, type Ty } from '../../cel/index.ts';

const gvk = named('kubernetes.GroupVersionKind', { group: STRING, version: STRING, kind: STRING });
const gvr = named('kubernetes.GroupVersionResource', { group: STRING, version: STRING, resource: STRING });
const REQUEST = named('kubernetes.AdmissionRequest', {
  kind: gvk,
  resource: gvr,
  subResource: STRING,
  requestKind: gvk,
  requestResource: gvr,
  requestSubResource: STRING,
  name: STRING,
  namespace: STRING,
  operation: STRING,
  userInfo: named('kubernetes.UserInfo', { username: STRING, uid: STRING, groups: listOf(STRING), extra: mapOf(STRING, listOf(STRING)) }),
  dryRun: BOOL,
  options: DYN,
});
const TIMESTAMP = named('google.protobuf.Timestamp');
const NAMESPACE = named('kubernetes.Namespace', {
  metadata: named('kubernetes.NamespaceMetadata', {
    name: STRING,
    generateName: STRING,
    namespace: STRING,
    labels: mapOf(STRING, STRING),
    annotations: mapOf(STRING, STRING),
    UID: STRING,
    creationTimestamp: TIMESTAMP,
    deletionGracePeriodSeconds: INT,
    deletionTimestamp: TIMESTAMP,
    generation: INT,
    resourceVersion: STRING,
    finalizers: listOf(STRING),
  }),
  spec: named('kubernetes.NamespaceSpec', { finalizers: listOf(STRING) }),
  status: named('kubernetes.NamespaceStatus', { conditions: listOf(DYN), phase: STRING }),
});

export const NULL = named('null_type');

/** The declarations every policy expression sees; `variables` is added per policy. */
export function baseDeclarations(hasParams: boolean, hasAuthorizer: boolean): Declarations {
  const d: Declarations = { object: DYN, oldObject: DYN, request: REQUEST, namespaceObject: NAMESPACE };
  if (hasParams) d.params = DYN;
  if (hasAuthorizer) {
    d.authorizer = named('kubernetes.Authorizer');
    d['authorizer.requestResource'] = named('kubernetes.ResourceCheck');
  }
  return d;
}

export interface CompiledExpression {
  program?: Program;
  /** Kubernetes' compilation error text */
  error?: string;
}

export interface CompiledPolicy {
  variables: { name: string; compiled: CompiledExpression }[];
  matchConditions: { name: string; compiled: CompiledExpression }[];
  validations: { compiled: CompiledExpression; message?: CompiledExpression }[];
  auditAnnotations: { key: string; compiled: CompiledExpression }[];
}

/** Every expression of a policy, with the error of each one that does not compile. */
export function compilePolicy(p: ValidatingAdmissionPolicy): CompiledPolicy {
  const spec = p.spec ?? {};
  const hasParams = !!spec.paramKind;
  const varTypes: Record<string, Ty> = {};
  const decls = (authz: boolean): Declarations => ({ ...baseDeclarations(hasParams, authz), variables: named('kubernetes.variables', varTypes) });
  const one = (expr: string, authz: boolean, returns: Ty[]): CompiledExpression => {
    const r = compile(expr, decls(authz), { returns });
    return r.ok ? { program: r.program } : { error: r.error };
  };
  const variables = (spec.variables ?? []).map((v) => {
    const compiled = one(v.expression ?? '', true, []);
    varTypes[v.name] = compiled.program?.outputType ?? DYN;
    return { name: v.name, compiled };
  });
  return {
    variables,
    matchConditions: (spec.matchConditions ?? []).map((m) => ({ name: m.name, compiled: one(m.expression ?? '', true, [BOOL]) })),
    validations: (spec.validations ?? []).map((v) => ({
      compiled: one(v.expression ?? '', true, [BOOL]),
      message: v.messageExpression ? one(v.messageExpression, false, [STRING]) : undefined,
    })),
    auditAnnotations: (spec.auditAnnotations ?? []).map((a) => ({ key: a.key, compiled: one(a.valueExpression ?? '', true, [STRING, NULL]) })),
  };
}
