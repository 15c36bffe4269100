import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'yaml';
import { updateKubeconfig, writeKubeconfig } from './kubeconfig.ts';

const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const fields = { server: 'https://127.0.0.1:6443', caPem: CA, token: 't0ken' };

describe('updateKubeconfig', () => {
  test('names one cluster, user and context, current, in namespace default', () => {
    assert.deepEqual(updateKubeconfig(undefined, fields), {
      apiVersion: 'v1',
      kind: 'Config',
      preferences: {},
      clusters: [{ name: 'timonier', cluster: { server: fields.server, 'certificate-authority-data': btoa(CA) } }],
      users: [{ name: 'admin', user: { token: 't0ken' } }],
      contexts: [{ name: 'timonier', context: { cluster: 'timonier', user: 'admin', namespace: 'default' } }],
      'current-context': 'timonier',
    });
  });

  test("rewrites only the runtime's fields, keeping the user's choices", () => {
    const edited = updateKubeconfig(undefined, fields);
    edited['current-context'] = 'other';
    edited.contexts!.push({ name: 'other', context: { cluster: 'timonier', user: 'admin', namespace: 'x' } });
    (edited.contexts![0].context as Record<string, unknown>).namespace = 'ch34';
    (edited.clusters![0].cluster as Record<string, unknown>)['insecure-skip-tls-verify'] = true;
    const next = updateKubeconfig(edited, { server: 'https://127.0.0.1:7000', caPem: 'other-ca', token: 'new' });
    assert.equal(next['current-context'], 'other');
    assert.equal((next.contexts![0].context as Record<string, unknown>).namespace, 'ch34');
    assert.equal(next.contexts!.length, 2);
    assert.deepEqual(next.clusters![0].cluster, { server: 'https://127.0.0.1:7000', 'certificate-authority-data': btoa('other-ca') });
    assert.deepEqual(next.users![0].user, { token: 'new' });
  });
});

describe('writeKubeconfig', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'timonier-kubeconfig-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('writes a private file kubectl reads, and keeps the namespace kubectl sets', async () => {
    const file = join(dir, 'kubeconfig');
    await writeKubeconfig(file, fields);
    assert.equal((await stat(file)).mode & 0o077, 0);
    const kubectl = (...args: string[]) => execFileSync('kubectl', ['--kubeconfig', file, ...args], { encoding: 'utf8' });
    assert.equal(kubectl('config', 'view', '--raw', '-o', 'jsonpath={.clusters[0].cluster.server}'), fields.server);
    kubectl('config', 'set-context', '--current', '--namespace=ch34');

    await writeKubeconfig(file, { ...fields, token: 'rotated' });
    assert.equal(kubectl('config', 'view', '--minify', '-o', 'jsonpath={.contexts[0].context.namespace}'), 'ch34');
    const written = parse(await readFile(file, 'utf8'));
    assert.equal(written.users[0].user.token, 'rotated');
  });
});
