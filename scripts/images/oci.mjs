// OCI image layout tarballs (https://github.com/opencontainers/image-spec, image-layout.md): one
// layer, a config, a manifest, and an index.json whose manifest names the image for
// `ctr images import` (annotation io.containerd.image.name).
import { createHash } from 'node:crypto';
import { tar } from './tar.mjs';

const sha256 = (bytes) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const json = (value) => new TextEncoder().encode(JSON.stringify(value));
const ARCH = { x64: 'amd64', arm64: 'arm64', arm: 'arm', ppc64: 'ppc64le', s390x: 's390x' };

/**
 * @param {{ name: string, layer: Uint8Array, cmd: string[], env?: string[], workdir?: string }} image
 *   name: e.g. localhost/busybox:1; layer: an uncompressed tar of the root file system
 */
export function imageLayout(image) {
  const platform = { architecture: ARCH[process.arch] ?? process.arch, os: 'linux' };
  const layerDigest = sha256(image.layer);
  const config = json({
    ...platform,
    config: { Env: image.env ?? ['PATH=/bin'], Cmd: image.cmd, WorkingDir: image.workdir ?? '/' },
    rootfs: { type: 'layers', diff_ids: [layerDigest] },
    history: [{ created_by: 'timonier scripts/build-images.mjs' }],
  });
  const manifest = json({
    schemaVersion: 2,
    mediaType: 'application/vnd.oci.image.manifest.v1+json',
    config: { mediaType: 'application/vnd.oci.image.config.v1+json', digest: sha256(config), size: config.length },
    layers: [{ mediaType: 'application/vnd.oci.image.layer.v1.tar', digest: layerDigest, size: image.layer.length }],
  });
  const tag = image.name.slice(image.name.lastIndexOf(':') + 1);
  const index = json({
    schemaVersion: 2,
    mediaType: 'application/vnd.oci.image.index.v1+json',
    manifests: [
      {
        mediaType: 'application/vnd.oci.image.manifest.v1+json',
        digest: sha256(manifest),
        size: manifest.length,
        platform,
        annotations: { 'io.containerd.image.name': image.name, 'org.opencontainers.image.ref.name': tag },
      },
    ],
  });
  const blob = (bytes) => ({ path: `blobs/sha256/${sha256(bytes).slice(7)}`, type: 'file', data: bytes });
  return {
    manifestDigest: sha256(manifest),
    tarball: tar([
      { path: 'oci-layout', type: 'file', data: json({ imageLayoutVersion: '1.0.0' }) },
      { path: 'index.json', type: 'file', data: index },
      { path: 'blobs', type: 'dir' },
      { path: 'blobs/sha256', type: 'dir' },
      blob(image.layer),
      blob(config),
      blob(manifest),
    ]),
  };
}
