/**
 * The `admin` user's bearer token: random, made on first start and kept in the data directory so
 * a kubeconfig written earlier keeps working after a restart.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

/** Reads the token kept in `file`, creating it first if there is none. */
export async function ensureAdminToken(file: string): Promise<string> {
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
