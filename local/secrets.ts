/**
 * Secrets of a local cluster (the `admin` user's bearer token, the key that signs the control
 * plane's own tokens): random, made on first start and kept in the data directory, so a
 * kubeconfig or a node credential issued earlier keeps working after a restart.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

/** Reads the token kept in `file`, creating it first if there is none. */
export async function ensureSecret(file: string): Promise<string> {
  try {
    const kept = (await readFile(file, 'utf8')).trim();
    if (kept) return kept;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const token = randomBytes(32).toString('base64url');
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return token;
}
