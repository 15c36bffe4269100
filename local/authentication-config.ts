/** `--authentication-config FILE`: read and checked before start, as kube-apiserver refuses a bad file. */
import { readFile } from 'node:fs/promises';
import { certificateAuthorities, parseAuthenticationConfig } from '../workers/apiserver/identity/jwt/config.ts';

export async function readAuthenticationConfig(file: string): Promise<{ text: string; certificateAuthorities: string[] }> {
  const text = await readFile(file, 'utf8');
  const config = parseAuthenticationConfig(text);
  // passed on as JSON: one format for the worker to parse
  return { text: JSON.stringify(config), certificateAuthorities: certificateAuthorities(config) };
}
