/**
 * `timonier class create CLASS --students a,b,c --out DIR` and `timonier class status CLASS`: a
 * cluster per student, made with the root administrator's kubeconfig (as `timonier cluster`).
 *
 * create makes, for each student, the cluster `<CLASS>-<student>` labelled
 * tenancy.timonier.dev/class=CLASS with the student as its admin, and writes
 *   DIR/<student>.kubeconfig  the student's (cluster-admin in her cluster, nothing elsewhere)
 *   DIR/<student>.join.sh     the node-agent join command for her laptop, with a fresh join token
 *   DIR/instructor.kubeconfig one context per student, as the User `instructor` of each cluster,
 *                             bound to Kubernetes' own ClusterRole `view` there (read, no secrets,
 *                             no nodes, no writes)
 * Run again, it reuses the clusters of the class and issues fresh credentials.
 * status prints STUDENT NODES-READY PODS LAST-ACTIVITY from the Cluster objects' status.
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CLASS_LABEL, type Cluster } from '../lib/api/tenancy.ts';
import { adminConnection, createJoinToken, type AdminConnection } from '../node-agent/tunnel/token-create.ts';
import { createCluster, ttlSeconds } from './cluster-command.ts';
import { call, CLUSTER_ROLE_BINDINGS, CLUSTERS, expect, failure, getCluster, inTenant, kubeconfigOf, rootOf, USERS, userToken, type KubeconfigEntry } from './tenant-api.ts';

const USAGE = `usage: timonier class create CLASS --students NAME,NAME,... --out DIR [--ttl DURATION] [--kubeconfig FILE]
       timonier class status CLASS [--kubeconfig FILE]
  create      a cluster per student (CLASS-<student>), each student its cluster-admin; writes
              DIR/<student>.kubeconfig, DIR/<student>.join.sh, DIR/instructor.kubeconfig
  status      each student's nodes Ready, pods Running/total and last activity
  --students  the students' names (lowercase letters, digits and '-')
  --ttl       how long tokens are valid, kubeconfigs' and join tokens' (default 24h, at most 8760h)
  --kubeconfig  the root administrator's credentials (default: $KUBECONFIG, .timonier/kubeconfig, ~/.kube/config)`;

export const INSTRUCTOR = 'instructor';
const INSTRUCTOR_BINDING = 'tenancy.timonier.dev:instructor';
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

export const clusterOf = (className: string, student: string) => `${className}-${student}`;

export async function classCommand(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub !== 'create' && sub !== 'status') {
    if (!sub || sub === '-h' || sub === '--help') return console.log(USAGE);
    console.error(`timonier class: unknown subcommand "${sub}"\n${USAGE}`);
    process.exit(2);
  }
  let values, className: string, students: string[] = [];
  try {
    const parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: { students: { type: 'string' }, out: { type: 'string' }, ttl: { type: 'string', default: '24h' }, kubeconfig: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    values = parsed.values;
    if (values.help) return console.log(USAGE);
    if (parsed.positionals.length !== 1) throw new Error(`timonier class ${sub} takes one class name`);
    className = parsed.positionals[0];
    if (!DNS_LABEL.test(className)) throw new Error(`the class name "${className}" must be lowercase letters, digits and '-', starting and ending with a letter or digit`);
    if (sub === 'create') {
      if (!values.students) throw new Error('--students is required');
      if (!values.out) throw new Error('--out is required');
      students = values.students.split(',').map((s) => s.trim()).filter(Boolean);
      if (!students.length) throw new Error('--students names no student');
      for (const s of students) {
        if (!DNS_LABEL.test(s)) throw new Error(`the student name "${s}" must be lowercase letters, digits and '-', starting and ending with a letter or digit`);
        if (clusterOf(className, s).length > 63) throw new Error(`the cluster name "${clusterOf(className, s)}" would be longer than 63 characters`);
      }
      if (new Set(students).size !== students.length) throw new Error('--students names a student twice');
    }
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  try {
    const conn = rootOf(await adminConnection(values.kubeconfig));
    if (sub === 'status') {
      process.stdout.write(statusTable(await classClusters(conn, className), Date.now()));
      return;
    }
    const made = await createClass(conn, className, students, values.out!, ttlSeconds(values.ttl!));
    for (const m of made) console.log(`${m.student}\t${m.cluster}\t${m.kubeconfig}\t${m.joinScript}`);
    console.error(`class "${className}": ${made.length} clusters; the instructor's kubeconfig is ${join(values.out!, 'instructor.kubeconfig')} (one context per student)`);
  } catch (e) {
    console.error(`timonier class ${sub}: ${(e as Error).message}`);
    process.exit(1);
  }
}

export interface StudentFiles {
  student: string;
  cluster: string;
  kubeconfig: string;
  joinScript: string;
}

export async function createClass(conn: AdminConnection, className: string, students: string[], out: string, ttl: number): Promise<StudentFiles[]> {
  await mkdir(out, { recursive: true });
  const made = await Promise.all(students.map((s) => createStudent(conn, className, s, out, ttl)));
  const instructor = kubeconfigOf(conn, made.map((m) => m.instructor));
  await writeFile(join(out, 'instructor.kubeconfig'), instructor, { mode: 0o600 });
  return made.map((m) => m.files);
}

async function createStudent(conn: AdminConnection, className: string, student: string, out: string, ttl: number): Promise<{ files: StudentFiles; instructor: KubeconfigEntry }> {
  const name = clusterOf(className, student);
  await ensureClassCluster(conn, name, className, student);
  const tenant = inTenant(conn, name);
  const [own, join_, instructor] = await Promise.all([
    userToken(tenant, student, ttl),
    createJoinToken(tenant, { ttlSeconds: ttl, description: `${student}'s laptop, class ${className}` }),
    instructorToken(tenant, ttl),
  ]);
  const files: StudentFiles = { student, cluster: name, kubeconfig: join(out, `${student}.kubeconfig`), joinScript: join(out, `${student}.join.sh`) };
  await writeFile(files.kubeconfig, kubeconfigOf(conn, [{ context: name, server: tenant.server, user: student, token: own.token }]), { mode: 0o600 });
  const script = `#!/bin/sh\n# joins this machine to ${student}'s cluster "${name}" (class ${className}) as a node\nexec npx timonier node-agent join --server ${tenant.server} --token ${join_} "$@"\n`;
  await writeFile(files.joinScript, script, { mode: 0o700 });
  await chmod(files.joinScript, 0o700);
  return { files, instructor: { context: student, server: tenant.server, user: INSTRUCTOR, token: instructor.token } };
}

/** The student's cluster: made, or the class's own one from an earlier run. */
async function ensureClassCluster(conn: AdminConnection, name: string, className: string, student: string): Promise<void> {
  const res = await call(conn, 'POST', CLUSTERS, { apiVersion: 'tenancy.timonier.dev/v1alpha1', kind: 'Cluster', metadata: { name, labels: { [CLASS_LABEL]: className } }, spec: { admins: [student] } });
  if (res.status === 201) return;
  if (res.status !== 409) throw failure(`creating cluster "${name}"`, res);
  const existing = await getCluster(conn, name);
  if (existing?.metadata.labels?.[CLASS_LABEL] !== className || !existing.spec?.admins?.includes(student))
    throw new Error(`cluster "${name}" already exists and is not ${student}'s cluster of class ${className}`);
  if (existing.metadata.deletionTimestamp) throw new Error(`cluster "${name}" is being deleted; try again once it is gone`);
}

/** The User `instructor` of the tenant, bound to `view`, and a token for it. */
async function instructorToken(tenant: AdminConnection, ttl: number) {
  await expect(tenant, 'creating the instructor user', 'POST', USERS, [201, 409], { apiVersion: 'identity.timonier.dev/v1alpha1', kind: 'User', metadata: { name: INSTRUCTOR }, spec: { groups: [] } });
  const binding = {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRoleBinding',
    metadata: { name: INSTRUCTOR_BINDING },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: INSTRUCTOR }],
  };
  await expect(tenant, 'binding the instructor to view', 'POST', CLUSTER_ROLE_BINDINGS, [201, 409], binding);
  return userToken(tenant, INSTRUCTOR, ttl);
}

export async function classClusters(conn: AdminConnection, className: string): Promise<Cluster[]> {
  const selector = encodeURIComponent(`${CLASS_LABEL}=${className}`);
  const list = await expect<{ items: Cluster[] }>(conn, `listing the clusters of class "${className}"`, 'GET', `${CLUSTERS}?labelSelector=${selector}`, [200]);
  if (!list.items.length) throw new Error(`no cluster of class "${className}" (timonier class create ${className} --students ...)`);
  return list.items;
}

/** The student of a class's cluster: its first admin. */
const studentOf = (c: Cluster) => c.spec?.admins?.[0] ?? c.metadata.name!;

function ago(ts: string | undefined, now: number): string {
  if (!ts) return 'never';
  const s = Math.max(0, Math.round((now - Date.parse(ts)) / 1000));
  if (s < 120) return `${s}s ago`;
  if (s < 7200) return `${Math.floor(s / 60)}m ago`;
  if (s < 172800) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86400)}d ago`;
}

export function statusTable(clusters: Cluster[], now: number): string {
  const rows = [['STUDENT', 'NODES-READY', 'PODS', 'LAST-ACTIVITY']];
  for (const c of [...clusters].sort((a, b) => studentOf(a).localeCompare(studentOf(b)))) {
    const s = c.status ?? {};
    const terminating = c.metadata.deletionTimestamp ? ' (Terminating)' : '';
    rows.push([studentOf(c) + terminating, `${s.nodes?.ready ?? 0}/${s.nodes?.total ?? 0}`, `${s.pods?.running ?? 0}/${s.pods?.total ?? 0}`, ago(s.lastActivity, now)]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] + 3))).join('')).join('\n') + '\n';
}
