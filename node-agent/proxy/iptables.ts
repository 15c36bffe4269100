/**
 * Applies an agent's rules with the iptables tools (iptables-restore --noflush: one atomic
 * change of our chains only) and removes them. Every machine with netfilter has them, whether
 * the kernel side is nftables (iptables-nft, Debian's default: the rules then live in nftables)
 * or the legacy tables.
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { jumps, natRules, ourChains, podRule, podsAdded, topChains, type RulesInput } from './iptables-rules.ts';

const run = promisify(execFile);
const WAIT = ['-w', '5'];

export async function iptablesAvailable(): Promise<string | undefined> {
  try {
    const { stdout } = await run('iptables', ['-V']);
    return stdout.trim();
  } catch {
    return undefined;
  }
}

function restore(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn('iptables-restore', ['--noflush', ...WAIT], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d) => (err += d));
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`iptables-restore: exit ${code}: ${err.trim()}`))));
    p.stdin.end(text);
  });
}

async function existingChains(prefix: string): Promise<string[]> {
  const { stdout } = await run('iptables-save', ['-t', 'nat'], { maxBuffer: 64 * 2 ** 20 });
  return ourChains(stdout, prefix);
}

const has = (chain: string, args: string[]) =>
  run('iptables', [...WAIT, '-t', 'nat', '-C', chain, ...args]).then(
    () => true,
    () => false,
  );

/**
 * What this agent's last apply left, so that the next one (a new pod waits for it) need not read
 * it back: our chains (only we make chains of our prefix), and when our jumps from the built-in
 * chains were last checked. The jumps are checked again after JUMPS_RECHECK_MS (kube-proxy too
 * re-asserts its rules periodically: something may flush the built-in chains), and everything is
 * read again after a failure.
 */
export interface AppliedRules {
  chains?: string[];
  jumpsCheckedAt?: number;
  /** what was applied: a next input that only adds pods is applied as one inserted rule per pod */
  input?: Omit<RulesInput, 'existing'>;
}
export const JUMPS_RECHECK_MS = 30_000;

/** The chains of ours once `text` (natRules' output) is restored: those declared, less those deleted. */
export function chainsAfter(text: string): string[] {
  const lines = text.split('\n');
  const deleted = new Set(lines.filter((l) => l.startsWith('-X ')).map((l) => l.slice(3)));
  return lines.filter((l) => l.startsWith(':')).map((l) => l.slice(1).split(' ')[0]).filter((ch) => !deleted.has(ch));
}

const jumpsFresh = (applied: AppliedRules) => applied.jumpsCheckedAt !== undefined && Date.now() - applied.jumpsCheckedAt < JUMPS_RECHECK_MS;

export async function applyRules(input: Omit<RulesInput, 'existing'>, applied: AppliedRules = {}): Promise<void> {
  const added = jumpsFresh(applied) ? podsAdded(applied.input, input) : undefined;
  if (added) {
    try {
      // at the head of <P>, where a restore puts the pods' rules too
      for (const ip of added) await run('iptables', [...WAIT, '-t', 'nat', '-I', input.prefix, '1', ...podRule(input.prefix, ip)]);
      applied.input = input;
      return;
    } catch {
      // some inserted, some not: the restore below writes the whole of it
    }
  }
  applied.input = undefined;
  try {
    const existing = applied.chains ?? (await existingChains(input.prefix));
    const text = natRules({ ...input, existing });
    await restore(text);
    applied.chains = chainsAfter(text);
    applied.input = input;
    if (jumpsFresh(applied)) return;
    // our hooks first in the built-in chains: a newer agent's pods are matched by its own rules
    for (const [chain, args] of jumps(input.prefix)) if (!(await has(chain, args))) await run('iptables', [...WAIT, '-t', 'nat', '-I', chain, '1', ...args]);
    applied.jumpsCheckedAt = Date.now();
  } catch (e) {
    applied.chains = applied.jumpsCheckedAt = applied.input = undefined;
    throw e;
  }
}

export async function removeRules(prefix: string): Promise<void> {
  for (const [chain, args] of jumps(prefix)) while (await has(chain, args)) await run('iptables', [...WAIT, '-t', 'nat', '-D', chain, ...args]);
  const chains = await existingChains(prefix);
  if (!chains.length) return;
  const top = Object.values(topChains(prefix));
  // empty them all, then delete (rules refer to each other: deletion after every flush)
  const ordered = [...chains.filter((c) => !top.includes(c)), ...chains.filter((c) => top.includes(c))];
  await restore(['*nat', ...ordered.map((c) => `:${c} - [0:0]`), ...ordered.map((c) => `-X ${c}`), 'COMMIT', ''].join('\n'));
}
