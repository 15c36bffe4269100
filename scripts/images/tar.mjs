// A minimal ustar writer: directories, regular files and symlinks, owned by root, mtime 0, so
// the same input always gives the same bytes (and the same image digests).
const BLOCK = 512;

/** @typedef {{ path: string, type: 'dir' | 'file' | 'symlink', mode?: number, data?: Uint8Array, target?: string }} Entry */

function header(entry, size) {
  const h = new Uint8Array(BLOCK);
  const put = (text, at, len) => {
    const bytes = new TextEncoder().encode(text);
    if (bytes.length > len) throw new Error(`tar: "${text}" is longer than ${len} bytes`);
    h.set(bytes, at);
  };
  const octal = (n, at, len) => put(n.toString(8).padStart(len - 1, '0'), at, len - 1);
  let name = entry.type === 'dir' && !entry.path.endsWith('/') ? `${entry.path}/` : entry.path;
  let prefix = '';
  if (name.length > 100) {
    const cut = name.lastIndexOf('/', 155);
    prefix = name.slice(0, cut);
    name = name.slice(cut + 1);
  }
  put(name, 0, 100);
  octal(entry.mode ?? { file: 0o644, dir: 0o755, symlink: 0o777 }[entry.type], 100, 8);
  octal(0, 108, 8); // uid
  octal(0, 116, 8); // gid
  octal(size, 124, 12);
  octal(0, 136, 12); // mtime
  h.fill(0x20, 148, 156); // checksum computed with spaces here
  h[156] = { file: 0x30, symlink: 0x32, dir: 0x35 }[entry.type];
  if (entry.target) put(entry.target, 157, 100);
  put('ustar\u0000', 257, 6);
  put('00', 263, 2);
  put('root', 265, 32);
  put('root', 297, 32);
  put(prefix, 345, 155);
  octal(h.reduce((a, b) => a + b, 0), 148, 7);
  return h;
}

/** The tar archive of `entries`, in order. @param {Entry[]} entries */
export function tar(entries) {
  const parts = [];
  for (const e of entries) {
    const data = e.type === 'file' ? (e.data ?? new Uint8Array()) : new Uint8Array();
    parts.push(header(e, data.length), data, new Uint8Array((BLOCK - (data.length % BLOCK)) % BLOCK));
  }
  parts.push(new Uint8Array(BLOCK * 2));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
