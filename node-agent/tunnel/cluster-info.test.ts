import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterInfoKubeconfig, signatureKey, signKubeconfig, verifiedCA } from './cluster-info.ts';
import { parseDuration } from './token-create.ts';

const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const token = 'abcdef.0123456789abcdef';

test('the CA is believed when cluster-info is signed with the token', async () => {
  const kubeconfig = clusterInfoKubeconfig('https://10.0.0.1:6443', CA);
  const data = { kubeconfig, [signatureKey('abcdef')]: await signKubeconfig(kubeconfig, 'abcdef', '0123456789abcdef') };
  assert.match(data[signatureKey('abcdef')], /^[\w-]+\.\.[\w-]+$/);
  assert.equal(await verifiedCA(data, token), CA);
});

test('a tampered kubeconfig, another token or no signature is refused', async () => {
  const kubeconfig = clusterInfoKubeconfig('https://10.0.0.1:6443', CA);
  const sig = await signKubeconfig(kubeconfig, 'abcdef', '0123456789abcdef');
  const evil = clusterInfoKubeconfig('https://10.0.0.1:6443', CA.replace('MIIB', 'EVIL'));
  await assert.rejects(verifiedCA({ kubeconfig: evil, [signatureKey('abcdef')]: sig }, token), /does not match/);
  await assert.rejects(verifiedCA({ kubeconfig, [signatureKey('abcdef')]: sig }, 'abcdef.0123456789abcdee'), /does not match/);
  await assert.rejects(verifiedCA({ kubeconfig }, token), /no signature for token "abcdef"/);
});

test('token lifetimes in Go duration form', () => {
  assert.equal(parseDuration('24h'), 86400);
  assert.equal(parseDuration('1h30m'), 5400);
  assert.equal(parseDuration('90s'), 90);
  assert.equal(parseDuration('0'), 0);
  assert.throws(() => parseDuration('1d'), /--ttl must be a duration/);
  assert.throws(() => parseDuration(''), /--ttl must be a duration/);
});
