/**
 * The local runtime as its users meet it: real kubectl over HTTPS with the generated CA, a clean
 * stop, a restart that keeps the cluster's identity, and `npm start` as scripts drive it.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { createClient } from '@libsql/client';
import { startControlPlane } from '../../local/runtime.ts';
import { workerRequest } from '../../local/miniflare.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const run = promisify(execFile);
const kubectl = async (kubeconfig: string, ...args: string[]) =>
  (await run('kubectl', ['--kubeconfig', kubeconfig, '--request-timeout=20s', ...args], { encoding: 'utf8' })).stdout;

/** Whether something can listen on 127.0.0.1:port (i.e. nothing holds it). */
async function portIsFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port nothing holds, below the kernel's ephemeral range (32768 and up): one that `listen(0)`
 * gives may be taken meanwhile as the local port of another test's outgoing connection.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await portIsFree(port)) return port;
  }
}

/** GET with the CA trusted, with or without the admin token. */
function get(url: string, ca: string, token?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const req = request(url, { ca, headers, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject).end();
  });
}

describe('startControlPlane', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'timonier-runtime-'));
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  test('serves kubectl over HTTPS, stops cleanly, and restarts as the same cluster', async (t) => {
    const first = await startControlPlane({ dataDir, port: 0, quiet: true });
    let port: number;
    let created = false;
    try {
      port = Number(new URL(first.url).port);
      assert.equal(first.kubeconfigPath, join(dataDir, 'kubeconfig'));

      const version = JSON.parse(await kubectl(first.kubeconfigPath, 'version', '-o', 'json'));
      assert.match(version.serverVersion.gitVersion, /^v1\.\d+/);
      const config = parse(await readFile(first.kubeconfigPath, 'utf8'));
      assert.equal(config.clusters[0].cluster['insecure-skip-tls-verify'], undefined);
      assert.equal(atob(config.clusters[0].cluster['certificate-authority-data']), first.caPem);

      // a client that does not trust our CA is refused by TLS, not let in
      await assert.rejects(
        run('kubectl', ['--kubeconfig=/dev/null', `--server=${first.url}`, `--token=${first.token}`, 'version']),
        /certificate signed by unknown authority|x509/,
      );

      await t.test('a request without the token is not given admin rights', async (st) => {
        const path = `${first.url}/api/v1/namespaces/kube-system/secrets`;
        if ((await get(path, first.caPem, first.token)) !== 200) return st.skip('the API does not list secrets yet');
        assert.ok([401, 403].includes(await get(path, first.caPem)));
      });

      const db = createClient(first.database);
      try {
        assert.ok((await db.execute('SELECT name FROM __migrations')).rows.length > 0, 'the schema is migrated');
      } finally {
        db.close();
      }
      // an object to find after the restart, once the API can create one
      created = await kubectl(first.kubeconfigPath, 'create', 'namespace', 'survives').then(
        () => true,
        () => false,
      );

      await first.triggerCron();
      await assert.rejects(first.triggerCron('0 0 * * *'), /no worker declares/);

      await t.test("at rest after work, the idle collector has collected the workers' isolates and the change queue's", async () => {
        // the controllers' backlog, read through the queue's isolates: what makes them run for the collector
        const backlog = (await (await workerRequest(first.mf, first.workers.controllers, '/backlog')).json()) as { backlogCount: number };
        assert.equal(typeof backlog.backlogCount, 'number', JSON.stringify(backlog));
        // at rest: settled() gives up after 30 s, and a loaded machine (the suite's other files) may take longer
        const collected = () => [...first.idleCollections().keys()];
        const both = () => collected().includes(`core:user:${first.workers.apiserver}`) && collected().some((id) => id.startsWith('queues:queue'));
        for (const end = Date.now() + 120_000; !both() && Date.now() < end; await new Promise((ok) => setTimeout(ok, 500))) await first.settled();
        assert.ok(both(), collected().join(', '));
      });

      await kubectl(first.kubeconfigPath, 'config', 'set-context', '--current', '--namespace=ch34');
    } finally {
      await first.stop();
    }
    assert.ok(await portIsFree(port!), 'the API port is released by stop()');
    await first.stop(); // a second stop is harmless

    const second = await startControlPlane({ dataDir, port: 0, quiet: true });
    try {
      assert.equal(second.caPem, first.caPem);
      assert.equal(second.token, first.token);
      const ns = await kubectl(second.kubeconfigPath, 'config', 'view', '--minify', '-o', 'jsonpath={.contexts[0].context.namespace}');
      assert.equal(ns, 'ch34');
      const server = await kubectl(second.kubeconfigPath, 'config', 'view', '--minify', '-o', 'jsonpath={.clusters[0].cluster.server}');
      assert.equal(server, second.url);
      await kubectl(second.kubeconfigPath, 'version');
      await t.test('objects survive the restart', async (st) => {
        if (!created) return st.skip('the API cannot create namespaces yet');
        assert.match(await kubectl(second.kubeconfigPath, 'get', 'namespace', 'survives', '-o', 'name'), /namespace\/survives/);
      });
    } finally {
      await second.stop();
    }
  });
  test('fails with a clear error when the port is taken, leaving nothing running', async () => {
    // TCP servers (the database's, the TLS front's) and Unix socket ones (the webhook caller's)
    const servers = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap' || r === 'PipeWrap').length;
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
    const before = servers();
    try {
      const { port } = holder.address() as AddressInfo;
      await assert.rejects(startControlPlane({ dataDir, port, quiet: true }), /Address already in use/);
      // at most as many: a server of the test before may finish closing meanwhile (seen under the
      // suite's load); a handle of the failed start may too, a moment after its close resolved
      for (const end = Date.now() + 5_000; servers() > before && Date.now() < end; ) await new Promise((r) => setTimeout(r, 50));
      assert.ok(servers() <= before, `the servers started before the front are closed again: ${process.getActiveResourcesInfo().join(', ')}`);
    } finally {
      await new Promise((r) => holder.close(r));
    }
  });
});

describe('npm start', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'timonier-npm-start-'));
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  /**
   * Runs `npm start -- --data-dir D --port P` in its own process group, as a shell job is, until
   * it prints the export line; `signal` then stops it as the test says.
   */
  async function npmStart(stop: (pid: number) => void) {
    const port = await freePort();
    const child = spawn('npm', ['start', '--', '--data-dir', dataDir, '--port', String(port)], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no export line in 60 s:\n${out}\n${err}`)), 60_000);
        child.stdout.on('data', (d) => {
          out += d;
          const found = out.split('\n').find((l) => l.startsWith('export KUBECONFIG='));
          if (found) {
            clearTimeout(timer);
            resolve(found);
          }
        });
        exited.then((code) => reject(new Error(`npm start exited (${code}) early:\n${out}\n${err}`)));
      });
      const kubeconfig = line.slice('export KUBECONFIG='.length);
      assert.equal(kubeconfig, join(dataDir, 'kubeconfig'));
      assert.match(await kubectl(kubeconfig, 'version'), /Server Version/);

      stop(child.pid!);
      assert.equal(await exited, 0, `npm start exit code; stderr:\n${err}`);
      assert.ok(await portIsFree(port), 'the port is released');
    } finally {
      // whatever of the group is left (nothing, when the test passes)
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // ESRCH: the group is gone
      }
    }
  }

  test('prints export KUBECONFIG= once the API answers; Ctrl-C (SIGINT to the group) exits 0', () =>
    npmStart((pid) => process.kill(-pid, 'SIGINT')));

  test('SIGTERM to npm alone (a script\'s `kill $pid`) stops it too', () => npmStart((pid) => process.kill(pid, 'SIGTERM')));
});
