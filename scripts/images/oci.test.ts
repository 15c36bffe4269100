/** The image builder's output, read back with the system's tar (run: node --import tsx --test scripts/images/oci.test.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: plain JavaScript modules (scripts run without a build step)
import { imageLayout } from './oci.mjs';
// @ts-expect-error: plain JavaScript modules
import { rootfsLayer } from '../build-images.mjs';

test('an OCI layout ctr can import: named index, blobs under their digests, busybox and its applets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oci-'));
  try {
    const layer: Uint8Array = rootfsLayer(new TextEncoder().encode('#!fake busybox'), ['sh', 'sleep', 'httpd', 'busybox', '']);
    const { tarball, manifestDigest } = imageLayout({ name: 'localhost/busybox:1', layer, cmd: ['sh'] });
    writeFileSync(join(dir, 'image.tar'), tarball);
    execFileSync('tar', ['-xf', join(dir, 'image.tar'), '-C', dir]);

    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'oci-layout'), 'utf8')), { imageLayoutVersion: '1.0.0' });
    const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
    assert.equal(index.manifests[0].digest, manifestDigest);
    assert.equal(index.manifests[0].annotations['io.containerd.image.name'], 'localhost/busybox:1');
    for (const name of readdirSync(join(dir, 'blobs/sha256')))
      assert.equal(createHash('sha256').update(readFileSync(join(dir, 'blobs/sha256', name))).digest('hex'), name);

    const manifest = JSON.parse(readFileSync(join(dir, 'blobs/sha256', manifestDigest.slice(7)), 'utf8'));
    const config = JSON.parse(readFileSync(join(dir, 'blobs/sha256', manifest.config.digest.slice(7)), 'utf8'));
    assert.deepEqual(config.config.Env, ['PATH=/bin']);
    assert.deepEqual(config.config.Cmd, ['sh']);
    assert.deepEqual(config.rootfs.diff_ids, [manifest.layers[0].digest]);

    const listing = execFileSync('tar', ['-tvf', join(dir, 'blobs/sha256', manifest.layers[0].digest.slice(7))], { encoding: 'utf8' });
    assert.match(listing, /^-rwxr-xr-x root\/root\s+14 .* bin\/busybox$/m);
    assert.match(listing, /^l\S+ root\/root\s+0 .* bin\/sh -> busybox$/m);
    assert.match(listing, /^d\S+ root\/root\s+0 .* tmp\/$/m);
    assert.match(listing, /www\/index\.html$/m);
    assert.doesNotMatch(listing, /bin\/busybox -> busybox/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the same input gives the same digests', () => {
  const layer = rootfsLayer(new Uint8Array([1, 2, 3]), ['sh']);
  assert.equal(imageLayout({ name: 'localhost/pause:1', layer, cmd: ['sleep', '1'] }).manifestDigest, imageLayout({ name: 'localhost/pause:1', layer, cmd: ['sleep', '1'] }).manifestDigest);
});
