/** The real helm, against a test's control plane, with a home of its own. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Cluster } from './cluster.ts';

function helmBinary(): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), join(import.meta.dirname, '../../.tools/bin')];
  const found = dirs.map((d) => join(d, 'helm')).find((f) => existsSync(f));
  assert.ok(found, 'helm not found: run scripts/ensure-kubectl-versions.sh');
  return found;
}

/** Runs helm with the cluster's kubeconfig; never throws on a non-zero exit. */
export function helmOf(cluster: Cluster) {
  return (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
    const home = join(cluster.dir, 'helm-home');
    return new Promise((resolve) => {
      execFile(
        helmBinary(),
        [...args, '--kubeconfig', cluster.cp.kubeconfigPath],
        { env: { ...process.env, HOME: home, HELM_CACHE_HOME: join(home, 'cache'), HELM_CONFIG_HOME: join(home, 'config'), HELM_DATA_HOME: join(home, 'data') }, timeout: 90_000 },
        (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
      );
    });
  };
}
