/**
 * `timonier cluster create NAME [--admin USER]... [--ttl 24h]` and `timonier cluster delete NAME`:
 * tenant clusters, made with the root administrator's kubeconfig (--kubeconfig, $KUBECONFIG,
 * .timonier/kubeconfig, ~/.kube/config, as `timonier token create`) through the Cluster kind
 * (tenancy.timonier.dev/v1alpha1), so RBAC and audit see them as any write.
 *
 * create prints a kubeconfig (`> alice.kubeconfig`) whose server is `<server>/clusters/NAME` and
 * whose user is the first admin with a token issued in the new cluster (valid there only); with
 * no --admin, the root administrator's own credentials. delete waits until the cluster and
 * everything in it are gone. Scripts rely on both command lines.
 */
import { parseArgs } from 'node:util';
import { CLASS_LABEL, type Cluster } from '../lib/api/tenancy.ts';
import { adminConnection, parseDuration, type AdminConnection } from '../node-agent/tunnel/token-create.ts';
import { call, CLUSTERS, expect, failure, getCluster, inTenant, kubeconfigOf, rootOf, sleep, userToken } from './tenant-api.ts';

const USAGE = `usage: timonier cluster create NAME [--admin USER]... [--ttl DURATION] [--kubeconfig FILE]
       timonier cluster delete NAME [--timeout DURATION] [--kubeconfig FILE]
  create      makes the cluster NAME (served at <server>/clusters/NAME) and prints a kubeconfig for it
  delete      deletes the cluster and everything in it, and waits until it is gone
  --admin     a user made cluster-admin in it (repeatable); the kubeconfig is the first one's
  --ttl       how long the kubeconfig's token is valid, e.g. 720h (default 24h, at most 8760h)
  --timeout   how long delete waits (default 60s)
  --kubeconfig  the root administrator's credentials (default: $KUBECONFIG, .timonier/kubeconfig, ~/.kube/config)`;

const MAX_TTL_SECONDS = 8760 * 3600;

export function ttlSeconds(text: string): number {
  const s = parseDuration(text);
  if (s <= 0 || s > MAX_TTL_SECONDS) throw new Error(`--ttl must be more than 0 and at most 8760h, not "${text}"`);
  return s;
}

export async function clusterCommand(argv: string[]): Promise<void> {
  const [sub, ...rest] = argv;
  if (sub !== 'create' && sub !== 'delete') {
    if (!sub || sub === '-h' || sub === '--help') return console.log(USAGE);
    console.error(`timonier cluster: unknown subcommand "${sub}"\n${USAGE}`);
    process.exit(2);
  }
  let values, name: string;
  try {
    const parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        admin: { type: 'string', multiple: true },
        ttl: { type: 'string', default: '24h' },
        timeout: { type: 'string', default: '60s' },
        kubeconfig: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    values = parsed.values;
    if (values.help) return console.log(USAGE);
    if (parsed.positionals.length !== 1) throw new Error(`timonier cluster ${sub} takes one cluster name`);
    name = parsed.positionals[0];
    if (sub === 'delete' && values.admin) throw new Error('delete takes no --admin');
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  try {
    const conn = rootOf(await adminConnection(values.kubeconfig));
    if (sub === 'delete') {
      const gone = await deleteCluster(conn, name, parseDuration(values.timeout!) * 1000);
      console.error(gone ? `cluster "${name}" deleted with everything in it` : `cluster "${name}" does not exist: nothing to delete`);
      return;
    }
    const ttl = ttlSeconds(values.ttl!);
    const admins = values.admin ?? [];
    await createCluster(conn, name, { admins });
    process.stdout.write(await clusterKubeconfig(conn, name, admins[0], ttl));
    console.error(admins.length ? `cluster "${name}" created; the kubeconfig is ${admins[0]}'s, cluster-admin there` : `cluster "${name}" created; the kubeconfig holds your own (root administrator) credentials: give people --admin USER instead`);
  } catch (e) {
    console.error(`timonier cluster ${sub}: ${(e as Error).message}`);
    process.exit(1);
  }
}

/** POSTs the Cluster; 409 is "already exists" with the server's words. */
export async function createCluster(conn: AdminConnection, name: string, opts: { admins: string[]; className?: string }): Promise<Cluster> {
  const body: Cluster = {
    apiVersion: 'tenancy.timonier.dev/v1alpha1',
    kind: 'Cluster',
    metadata: { name, ...(opts.className ? { labels: { [CLASS_LABEL]: opts.className } } : {}) },
    spec: { admins: opts.admins },
  };
  return expect<Cluster>(conn, `creating cluster "${name}"`, 'POST', CLUSTERS, [201], body);
}

/** The kubeconfig of `user` (a token issued in the cluster), or of the root administrator when none. */
export async function clusterKubeconfig(conn: AdminConnection, name: string, user: string | undefined, ttl: number): Promise<string> {
  const tenant = inTenant(conn, name);
  const token = user ? (await userToken(tenant, user, ttl)).token : conn.token;
  return kubeconfigOf(conn, [{ context: name, server: tenant.server, user: user ?? 'admin', token }]);
}

/** Deletes and waits until the object is gone (its cleanup done); false when there was none. */
export async function deleteCluster(conn: AdminConnection, name: string, timeoutMs: number): Promise<boolean> {
  const path = `${CLUSTERS}/${encodeURIComponent(name)}`;
  const res = await call(conn, 'DELETE', path);
  if (res.status === 404) return false;
  if (res.status !== 200 && res.status !== 202) throw failure(`deleting cluster "${name}"`, res);
  const deadline = Date.now() + timeoutMs;
  while (await getCluster(conn, name)) {
    if (Date.now() > deadline) throw new Error(`cluster "${name}" is still Terminating after ${timeoutMs / 1000}s; the control plane's cron finishes it`);
    await sleep(250);
  }
  return true;
}
