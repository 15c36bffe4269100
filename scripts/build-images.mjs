#!/usr/bin/env node
// The node agent's images, built without a registry (none is reachable on these machines): OCI
// image-layout tarballs made here from the static busybox, imported into containerd's k8s.io
// namespace, where the CRI plugin finds them.
//   localhost/busybox:1  /bin/busybox and a symlink per applet, PATH=/bin, Cmd sh; /www for httpd
//   localhost/pause:1    the same file system, sleeping: the pod sandbox (config.toml's sandbox_image)
// usage: node scripts/build-images.mjs [--out DIR] [--busybox FILE] [--no-import]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { imageLayout } from './images/oci.mjs';
import { tar } from './images/tar.mjs';

/** Applets linked when `busybox --list` is unavailable. */
const FALLBACK_APPLETS = 'sh ash cat cp date echo env false grep head hostname httpd id kill ln ls mkdir mv nc ps pwd rm sed sleep sort tail tee test touch true uname wc wget'.split(' ');

/** The root file system: busybox, its applets, a web root and a writable /tmp. */
export function rootfsLayer(busybox, applets) {
  const entries = [
    { path: 'bin', type: 'dir' },
    { path: 'bin/busybox', type: 'file', mode: 0o755, data: busybox },
    ...[...new Set(applets)].filter((a) => a && a !== 'busybox' && !a.includes('/')).sort().map((a) => ({ path: `bin/${a}`, type: 'symlink', target: 'busybox' })),
    { path: 'etc', type: 'dir' },
    { path: 'etc/passwd', type: 'file', data: new TextEncoder().encode('root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/false\n') },
    { path: 'etc/group', type: 'file', data: new TextEncoder().encode('root:x:0:\nnobody:x:65534:\n') },
    { path: 'root', type: 'dir', mode: 0o700 },
    { path: 'tmp', type: 'dir', mode: 0o1777 },
    { path: 'www', type: 'dir' },
    { path: 'www/index.html', type: 'file', data: new TextEncoder().encode('hello from timonier\n') },
  ];
  return tar(entries);
}

export const IMAGES = [
  { name: 'localhost/busybox:1', file: 'busybox-1.tar', cmd: ['sh'] },
  // a pause container only has to stay alive; sleep runs as PID 1 until the sandbox is stopped
  { name: 'localhost/pause:1', file: 'pause-1.tar', cmd: ['sleep', '2147483647'] },
];

function applets(busyboxPath) {
  try {
    return execFileSync(busyboxPath, ['--list'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n').map((s) => s.trim());
  } catch {
    return FALLBACK_APPLETS;
  }
}

function main() {
  const { values } = parseArgs({ options: { out: { type: 'string', default: '.timonier/images' }, busybox: { type: 'string', default: '/usr/bin/busybox' }, 'no-import': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) return console.log('usage: node scripts/build-images.mjs [--out DIR] [--busybox FILE] [--no-import]');
  if (!existsSync(values.busybox)) {
    console.error(`build-images: ${values.busybox} not found (apt-get install busybox-static, or scripts/setup-containerd.sh)`);
    process.exit(1);
  }
  const out = resolve(values.out);
  mkdirSync(out, { recursive: true });
  const layer = rootfsLayer(readFileSync(values.busybox), applets(values.busybox));
  for (const image of IMAGES) {
    const { tarball, manifestDigest } = imageLayout({ name: image.name, layer, cmd: image.cmd });
    const file = join(out, image.file);
    writeFileSync(file, tarball);
    console.log(`build-images: ${image.name} ${manifestDigest} -> ${file}`);
    if (!values['no-import']) {
      execFileSync('ctr', ['-n', 'k8s.io', 'images', 'import', file], { stdio: ['ignore', 'ignore', 'inherit'] });
      console.log(`build-images: imported ${image.name} into containerd (namespace k8s.io)`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('build-images.mjs')) main();
