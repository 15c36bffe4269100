/**
 * Kubernetes' authz library (library/authz.go): `authorizer.group(g).resource(r)
 * [.subresource(s)][.namespace(ns)][.name(n)].check(verb)`, `authorizer.path(p).check(verb)`,
 * `authorizer.serviceAccount(ns, name)`, `authorizer.requestResource.check(verb)`, and on the
 * Decision `allowed()`, `reason()`, `errored()`, `error()`.
 *
 * Our authorizers are asynchronous and CEL evaluation is not, so a check answers from the
 * decisions of the evaluation's `AuthzSession`; one it has not yet got is recorded as pending
 * and answered "not allowed" for now, and the evaluator (evaluate.ts) runs the expression again
 * once the pending checks are decided. Decisions are kept for the request, as Kubernetes'
 * caching authorizer does.
 */
import { celMethod, CelScalar } from '@bufbuild/cel';
import type { UserInfo } from '../auth/authn.ts';
import type { Authorizer } from '../auth/authz.ts';
import type { ResourceRequestInfo, RequestInfo } from '../request/info.ts';
import { AUTHORIZER, DECISION, fieldsOf, GROUP_CHECK, make, PATH_CHECK, RESOURCE_CHECK, T } from './opaque.ts';
import { charge } from './cost.ts';

const { STRING, BOOL } = CelScalar;

interface Decided {
  allowed: boolean;
  reason: string;
  error: string;
}

/** The decisions of one request's CEL evaluations. */
export class AuthzSession {
  private readonly decided = new Map<string, Decided>();
  private readonly pending = new Map<string, RequestInfo & { serviceAccount: string }>();

  constructor(
    readonly user: UserInfo,
    private readonly authorizer: Authorizer,
    private readonly authorize: (user: UserInfo, info: RequestInfo) => ReturnType<Authorizer> = (u, i) => authorizer(u, i),
  ) {}

  decision(info: RequestInfo & { serviceAccount: string }): Decided {
    const key = JSON.stringify(info);
    const d = this.decided.get(key);
    if (d) return d;
    this.pending.set(key, info);
    return { allowed: false, reason: '', error: '' };
  }

  get hasPending(): boolean {
    return this.pending.size > 0;
  }

  /** Decides every pending check. */
  async settle(): Promise<void> {
    const todo = [...this.pending];
    this.pending.clear();
    await Promise.all(
      todo.map(async ([key, { serviceAccount, ...info }]) => {
        const user = serviceAccount ? serviceAccountUser(serviceAccount) : this.user;
        try {
          const d = await this.authorize(user, info as RequestInfo);
          this.decided.set(key, { allowed: d.allowed, reason: d.reason ?? '', error: '' });
        } catch (e) {
          this.decided.set(key, { allowed: false, reason: '', error: (e as Error).message });
        }
      }),
    );
  }
}

function serviceAccountUser(sa: string): UserInfo {
  const [ns] = sa.split(':');
  return { username: `system:serviceaccount:${sa}`, groups: ['system:serviceaccounts', `system:serviceaccounts:${ns}`, 'system:authenticated'] };
}

let session: AuthzSession | undefined;

/** Runs `fn` with `s` answering the authorizer's checks. */
export function withAuthz<T>(s: AuthzSession | undefined, fn: () => T): T {
  const outer = session;
  session = s;
  try {
    return fn();
  } finally {
    session = outer;
  }
}

type Check = { serviceAccount: string; group: string; resource: string; subresource: string; namespace: string; name: string; path: string };
const f = (v: unknown) => fieldsOf<Check>(v);

function decide(info: RequestInfo & { serviceAccount: string }) {
  charge(1);
  const d = session ? session.decision(info) : { allowed: false, reason: '', error: 'no authorizer' };
  return make(DECISION, { allowed: d.allowed, reason: d.reason, error: d.error }) as never;
}

const resourceInfo = (c: Check, verb: string): ResourceRequestInfo & { serviceAccount: string } => ({
  isResourceRequest: true,
  verb: verb as ResourceRequestInfo['verb'],
  path: '',
  prefix: c.group ? 'apis' : 'api',
  group: c.group,
  version: '*',
  namespace: c.namespace,
  resource: c.resource,
  subresource: c.subresource,
  name: c.name,
  serviceAccount: c.serviceAccount,
});

const withField = (field: keyof Check) =>
  celMethod(field, T.resourceCheck, [STRING], T.resourceCheck, function (x) {
    return make(RESOURCE_CHECK, { ...f(this), [field]: x }) as never;
  });

export const authzFuncs = [
  celMethod('path', T.authorizer, [STRING], T.pathCheck, function (p) {
    return make(PATH_CHECK, { serviceAccount: f(this).serviceAccount, path: p }) as never;
  }),
  celMethod('group', T.authorizer, [STRING], T.groupCheck, function (g) {
    return make(GROUP_CHECK, { serviceAccount: f(this).serviceAccount, group: g }) as never;
  }),
  celMethod('serviceAccount', T.authorizer, [STRING, STRING], T.authorizer, function (ns, name) {
    return make(AUTHORIZER, { serviceAccount: `${ns}:${name}` }) as never;
  }),
  celMethod('resource', T.groupCheck, [STRING], T.resourceCheck, function (r) {
    return make(RESOURCE_CHECK, { serviceAccount: f(this).serviceAccount, group: f(this).group, resource: r }) as never;
  }),
  withField('subresource'),
  withField('namespace'),
  withField('name'),
  celMethod('check', T.resourceCheck, [STRING], T.decision, function (verb) {
    return decide(resourceInfo(f(this), verb));
  }),
  celMethod('check', T.pathCheck, [STRING], T.decision, function (verb) {
    return decide({ isResourceRequest: false, verb: verb as 'get', path: f(this).path, serviceAccount: f(this).serviceAccount });
  }),
  celMethod('allowed', T.decision, [], BOOL, function () {
    return fieldsOf<{ allowed: boolean }>(this).allowed;
  }),
  celMethod('reason', T.decision, [], STRING, function () {
    return fieldsOf<Decided>(this).reason;
  }),
  celMethod('errored', T.decision, [], BOOL, function () {
    return fieldsOf<Decided>(this).error !== '';
  }),
  celMethod('error', T.decision, [], STRING, function () {
    return fieldsOf<Decided>(this).error;
  }),
];

/** The `authorizer` variable's value. */
export const authorizerValue = () => make(AUTHORIZER, { serviceAccount: '' });

/** The `authorizer.requestResource` variable's value: a check of the request's own resource. */
export const requestResourceValue = (r: { group: string; resource: string; subresource: string; namespace: string; name: string }) =>
  make(RESOURCE_CHECK, { serviceAccount: '', ...r });
