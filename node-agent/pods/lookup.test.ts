import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ApiClient } from '../../lib/client/client.ts';
import { cachedLookup } from './lookup.ts';

function tokenApi() {
  const requests: { ns: string; name: string; body: any }[] = [];
  const api = {
    async post(_res: unknown, ns: string, name: string, _sub: string, body: any) {
      requests.push({ ns, name, body });
      return { status: { token: `t${requests.length}` } };
    },
  };
  return { api: api as unknown as ApiClient, requests };
}

const pod = { namespace: 'ns', name: 'web-1', uid: 'u-1' };

test("a pod's token is bound to the pod and asked for its audience", async () => {
  const { api, requests } = tokenApi();
  assert.equal(await cachedLookup(api).serviceAccountToken(pod, 'default', { expirationSeconds: 3600, audience: 'vault' }), 't1');
  assert.deepEqual(requests[0], {
    ns: 'ns',
    name: 'default',
    body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: { expirationSeconds: 3600, audiences: ['vault'], boundObjectRef: { kind: 'Pod', apiVersion: 'v1', name: 'web-1', uid: 'u-1' } } },
  });
});

test('a token is reused until 80 % of its lifetime, then renewed; another pod gets its own', async () => {
  const { api, requests } = tokenApi();
  let now = 0;
  const lookup = cachedLookup(api, () => now);
  const ask = (p = pod) => lookup.serviceAccountToken(p, 'default', { expirationSeconds: 1000 });
  assert.equal(await ask(), 't1');
  now = 799_000;
  assert.equal(await ask(), 't1', 'within 80 % of 1000 s: the same token');
  assert.equal(await ask({ ...pod, name: 'web-2', uid: 'u-2' }), 't2');
  now = 800_000;
  assert.equal(await ask(), 't3', 'renewed at 80 %');
  assert.equal(requests.length, 3);
});
