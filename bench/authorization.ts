/**
 * The cost of authorization (issue 7): GET p50/p99 (one client) and creates/s (16 clients) as a
 * service account bound through RBAC, while 1 000 RoleBindings and 300 ClusterRoles are present,
 * next to the same as the administrator (system:masters: the authorizer looks at no rule). The
 * target is "at most 10 % slower": user's latency ÷ admin's (admin's rate ÷ user's) ≤ 110 %. The
 * user's figures include its token's verification (a signed token, where the admin's is compared)
 * and the fair share's bookkeeping: the whole cost of being someone other than system:masters.
 *
 * The two identities take turns, admin-user-user-admin, so a drift of the machine during the
 * phase weighs on both alike. The user's token comes from TokenRequest, as a pod's would. A user
 * who is refused (RBAC not there yet) stops the phase with a clear message instead of timing 403s.
 */
import type { RuntimeProcess } from './runtime-child.ts';
import { apiClient, expectStatus, type Api } from './client.ts';
import type { Figure } from './figures.ts';
import { runLoad, type LoadResult } from './load.ts';
import { cmName, configMap, createNamespace } from './objects.ts';
import { fmt, percentile } from './stats.ts';
import type { Phase } from './workloads.ts';

const RBAC = '/apis/rbac.authorization.k8s.io/v1';
const NS = 'bench-authz';
const USER_SA = 'bench-user';
const USER_ROLE = 'bench-configmaps';
const USER = `system:serviceaccount:${NS}:${USER_SA}`;
/** namespaces the other RoleBindings are spread over (the measured one gets its share too) */
const SPREAD = 20;
/** "at most 10 % slower", as a percentage of the admin's figure (one decimal shows a 1 % change) */
const TARGET_PERCENT = 110;

export interface AuthorizationPlan {
  roleBindings: number;
  clusterRoles: number;
  /** ConfigMaps the GETs read, created beforehand */
  objects: number;
  /** rounds of four turns (admin, user, user, admin) */
  rounds: number;
  /** per identity and round: GETs (one client), creates (16 clients) */
  gets: number;
  creates: number;
}

export const AUTHORIZATION_PLAN = {
  full: { roleBindings: 1_000, clusterRoles: 300, objects: 500, rounds: 2, gets: 1_000, creates: 2_000 },
  // the RBAC objects stay at the counts: the authorizer's cost depends on them
  quick: { roleBindings: 1_000, clusterRoles: 300, objects: 200, rounds: 2, gets: 300, creates: 500 },
} satisfies Record<string, AuthorizationPlan>;

/**
 * The bench user is one identity sending as fast as it can: the fair share (request/fairshare.ts)
 * would refuse most of it. The control plane the benchmark starts raises the limit out of reach,
 * so the user's requests still go through the limiter's code, which is part of the cost measured.
 */
export const FAIR_SHARE_OUT_OF_REACH = { FAIR_SHARE_QPS: '1000000', FAIR_SHARE_BURST: '1000000' };

class Refused extends Error {}

export async function measureAuthorization(o: { cp: RuntimeProcess; api: Api; phase: Phase; quick: boolean }): Promise<void> {
  const plan = o.quick ? AUTHORIZATION_PLAN.quick : AUTHORIZATION_PLAN.full;
  let user: Api | undefined;
  try {
    const token = (
      await o.phase(`authorization: ${plan.roleBindings} RoleBindings over ${SPREAD + 1} namespaces, ${plan.clusterRoles} ClusterRoles, the bench user's token`, 15, async () => ({
        figures: [],
        token: await populate(o.api, plan),
      }))
    ).token;
    user = apiClient(o.cp, 32, token);
    await checkAuthorized(user);
    const u = user;

    const clientOf = (who: Who) => (who === 'admin' ? o.api : u);
    const gets = await o.phase(`authorization: GET, 1 client, admin and ${USER} in turns (${plan.rounds * plan.gets} each)`, 30, async () => {
      // untimed: sockets opened, and whatever the authorizer caches, built
      for (const who of WHO) await runLoad({ clients: 1, count: 50, maxSeconds: 10, task: getTask(clientOf(who), plan.objects) });
      return { figures: [], ...(await inTurns(plan.rounds, (who) => runLoad({ clients: 1, count: plan.gets / 2, maxSeconds: 10, task: getTask(clientOf(who), plan.objects) }))) };
    });

    // one phase, started on an idle workerd; the turns follow each other, so the work creates
    // leave behind (controllers, GC) falls on the turns of both identities alike
    let from = 0;
    const creates = await o.phase(`authorization: creates, 16 clients, admin and ${USER} in turns (${plan.rounds * plan.creates} each)`, 40, async () => {
      // untimed: 16 keep-alive sockets each (TLS handshakes are not the authorizer's cost)
      for (const who of WHO) await runLoad({ clients: 16, count: 64, maxSeconds: 10, task: getTask(clientOf(who), plan.objects) });
      const turn = (who: Who) => {
        const first = from;
        from += plan.creates / 2;
        return runLoad({ clients: 16, count: plan.creates / 2, maxSeconds: 10, task: createTask(clientOf(who), `authz-${who}`, first) });
      };
      return { figures: [], ...(await inTurns(plan.rounds, turn)) };
    });
    await o.phase('authorization: the figures', 0, async () => ({ figures: figures(gets.admin, gets.user, creates.admin, creates.user, 4 * plan.rounds) }));
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    // the other phases' figures stand; this one fails loudly
    console.error(`\nFAILED: ${e.message}\n`);
    process.exitCode = 1;
    await o.phase('authorization: not measured', 0, async () => ({
      figures: [{ name: "authorization cost: user's ÷ admin's", value: NaN, unit: '%', target: { atMost: TARGET_PERCENT }, note: e.message }],
    }));
  } finally {
    user?.close();
  }
}

/** The RBAC objects, the bench user's ServiceAccount, its binding, the ConfigMaps to read; returns the user's token. */
async function populate(api: Api, plan: AuthorizationPlan): Promise<string> {
  const namespaces = Array.from({ length: SPREAD }, (_, i) => `bench-rbac-${String(i).padStart(2, '0')}`);
  for (const ns of [NS, ...namespaces]) await createNamespace(api, ns);
  const rbacServed = await api.request('GET', `${RBAC}/clusterroles?limit=1`);
  if (rbacServed.status === 404) throw new Refused(`${RBAC} is not served (GET clusterroles: HTTP 404): RBAC missing?`);

  await fill(api, plan.clusterRoles, (i) => [`${RBAC}/clusterroles`, clusterRole(`bench-role-${String(i).padStart(3, '0')}`, i)]);
  await fill(api, plan.roleBindings, (i) => {
    // one in SPREAD + 1 lands in the namespace the user reads, so its lookups pass over them too
    const ns = i % (SPREAD + 1) === SPREAD ? NS : namespaces[i % (SPREAD + 1)];
    return [`${RBAC}/namespaces/${ns}/rolebindings`, roleBinding(`bench-binding-${String(i).padStart(4, '0')}`, `bench-role-${String(i % plan.clusterRoles).padStart(3, '0')}`, [subjectFor(i, ns)])];
  });

  expectStatus(
    await api.request('POST', `${RBAC}/clusterroles`, {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: USER_ROLE },
      rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'create'] }],
    }),
    201,
    409,
  );
  expectStatus(await api.request('POST', `/api/v1/namespaces/${NS}/serviceaccounts`, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: USER_SA } }), 201, 409);
  expectStatus(await api.request('POST', `${RBAC}/namespaces/${NS}/rolebindings`, roleBinding(USER_SA, USER_ROLE, [{ kind: 'ServiceAccount', name: USER_SA, namespace: NS }])), 201, 409);
  await fill(api, plan.objects, (i) => [`/api/v1/namespaces/${NS}/configmaps`, configMap(cmName(i))]);

  const tr = expectStatus(
    await api.request('POST', `/api/v1/namespaces/${NS}/serviceaccounts/${USER_SA}/token`, {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenRequest',
      spec: { expirationSeconds: 3600 },
    }),
    201,
  );
  return (JSON.parse(tr.body) as { status: { token: string } }).status.token;
}

/** Creates `count` objects with 16 clients; an object already there (a rerun) is fine. */
async function fill(api: Api, count: number, object: (i: number) => [string, unknown]): Promise<void> {
  const r = await runLoad({
    clients: 16,
    count,
    maxSeconds: 60,
    task: async (i) => {
      const [path, body] = object(i);
      void expectStatus(await api.request('POST', path, body), 201, 409);
    },
  });
  if (r.failed) throw new Error(`setting up the authorization phase: ${r.failed} of ${count} creates failed: ${r.firstError}`);
}

/** A real request of each kind the phase times; a 403 means there is nothing to measure. */
async function checkAuthorized(user: Api): Promise<void> {
  const probes: [string, string, unknown, number][] = [
    ['GET', `/api/v1/namespaces/${NS}/configmaps/${cmName(0)}`, undefined, 200],
    ['POST', `/api/v1/namespaces/${NS}/configmaps?dryRun=All`, configMap('authz-probe'), 201],
  ];
  for (const [method, path, body, ok] of probes) {
    const r = await user.request(method, path, body);
    if (r.status === 401 || r.status === 403) throw new Refused(`the benchmark user is not authorized: RBAC missing? (${method} ${path} as ${USER}: HTTP ${r.status} ${messageOf(r.body)})`);
    expectStatus(r, ok);
  }
}

const getTask = (api: Api, objects: number) => async (i: number) =>
  // a fixed stride over the objects: a different key each time, reproducibly
  void expectStatus(await api.request('GET', `/api/v1/namespaces/${NS}/configmaps/${cmName((i * 7919) % objects)}`), 200);

const createTask = (api: Api, prefix: string, from: number) => async (i: number) =>
  void expectStatus(await api.request('POST', `/api/v1/namespaces/${NS}/configmaps`, configMap(`${prefix}-${String(from + i).padStart(6, '0')}`)), 201);

type Who = 'admin' | 'user';
const WHO: Who[] = ['admin', 'user'];

/** Turns admin, user, user, admin, `rounds` times: a drift of the machine weighs on both alike. */
async function inTurns(rounds: number, turn: (who: Who) => Promise<LoadResult>): Promise<Record<Who, LoadResult>> {
  const results: Record<Who, LoadResult[]> = { admin: [], user: [] };
  for (let r = 0; r < rounds; r++) for (const who of ['admin', 'user', 'user', 'admin'] as const) results[who].push(await turn(who));
  return { admin: results.admin.reduce(merge), user: results.user.reduce(merge) };
}

function merge(a: LoadResult, b: LoadResult): LoadResult {
  return { done: a.done + b.done, failed: a.failed + b.failed, seconds: a.seconds + b.seconds, latencies: [...a.latencies, ...b.latencies], firstError: a.firstError ?? b.firstError };
}

function figures(getAdmin: LoadResult, getUser: LoadResult, createAdmin: LoadResult, createUser: LoadResult, turns: number): Figure[] {
  const failures = (r: LoadResult) => (r.failed ? `, ${r.failed} failed: ${r.firstError}` : '');
  const getNote = (r: LoadResult) => `${r.done} sequential GETs in ${turns / 2} turns${failures(r)}`;
  const createNote = (r: LoadResult) => `${r.done} creates in ${fmt(r.seconds, 1)} s in ${turns / 2} turns${failures(r)}`;
  const rate = (r: LoadResult) => r.done / r.seconds;
  const out: Figure[] = [];
  for (const p of [50, 99]) {
    const admin = percentile(getAdmin.latencies, p);
    const user = percentile(getUser.latencies, p);
    out.push(
      { name: `GET p${p} as admin`, value: admin, unit: 'ms', note: getNote(getAdmin) },
      { name: `GET p${p} as RBAC user`, value: user, unit: 'ms', note: getNote(getUser) },
      { name: `authorization cost, GET p${p}: user's ÷ admin's`, value: (100 * user) / admin, unit: '%', target: { atMost: TARGET_PERCENT } },
    );
  }
  out.push(
    { name: 'creates/s, 16 clients, as admin', value: rate(createAdmin), unit: '/s', note: createNote(createAdmin) },
    { name: 'creates/s, 16 clients, as RBAC user', value: rate(createUser), unit: '/s', note: createNote(createUser) },
    { name: "authorization cost, creates/s: admin's ÷ user's", value: (100 * rate(createAdmin)) / rate(createUser), unit: '%', target: { atMost: TARGET_PERCENT } },
  );
  return out;
}

/** Rules of various shapes, as a class's roles would have them. */
function clusterRole(name: string, i: number) {
  const resources = ['pods', 'services', 'deployments', 'secrets', 'jobs', 'ingresses', 'pods/log', 'events'];
  const groups = ['', '', 'apps', '', 'batch', 'networking.k8s.io', '', 'events.k8s.io'];
  const k = i % resources.length;
  const rules: unknown[] = [
    { apiGroups: [groups[k]], resources: [resources[k]], verbs: i % 2 ? ['get', 'list', 'watch'] : ['*'] },
    { apiGroups: [groups[(k + 3) % groups.length]], resources: [resources[(k + 3) % resources.length]], verbs: ['get'], resourceNames: [`object-${i}`] },
  ];
  if (i % 10 === 0) rules.push({ nonResourceURLs: [`/bench/${i}/*`], verbs: ['get'] });
  return { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name, labels: { app: 'bench' } }, rules };
}

function roleBinding(name: string, clusterRoleName: string, subjects: unknown[]) {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name, labels: { app: 'bench' } },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: clusterRoleName },
    subjects,
  };
}

/** Users, groups and service accounts (of this namespace and others), none of them the bench user. */
function subjectFor(i: number, ns: string) {
  switch (i % 3) {
    case 0:
      return { apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: `student-${i}` };
    case 1:
      return { apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: `group-${i % 50}` };
    default:
      return { kind: 'ServiceAccount', name: `sa-${i}`, namespace: i % 2 ? ns : NS };
  }
}

function messageOf(body: string): string {
  try {
    return (JSON.parse(body) as { message?: string }).message ?? body.slice(0, 200);
  } catch {
    return body.slice(0, 200);
  }
}
