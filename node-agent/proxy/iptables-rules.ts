/**
 * The iptables `nat` rules of one agent, as the input of `iptables-restore --noflush`: the same
 * shape as kube-proxy's iptables mode, in chains of our own whose names start with the agent's
 * prefix (`TMN` and 8 hex digits of its node and cluster), so that agents of several clusters on
 * one machine, and a real kube-proxy, never touch each other's rules:
 *   <P>        (from PREROUTING and OUTPUT) the agent's own pods' packets → <P>-SVCS; packets to a
 *              local address → <P>-NP
 *   <P>-SVCS   ClusterIP:port → <P>-S<hash> (traffic from outside the pod network is marked for
 *              masquerade, as kube-proxy's --cluster-cidr does)
 *   <P>-NP     node ports → marked, then <P>-S<hash>
 *   <P>-S…     one per service port: random choice over its endpoints (statistic, probability
 *              1/n, 1/(n-1), ...)
 *   <P>-E…     one per endpoint: the hairpin case (a pod reaching itself) marked, then DNAT
 *   <P>-MARK   sets our masquerade mark; <P>-POST (from POSTROUTING) masquerades marked packets
 * Only the agent's own pods (their IPs) enter <P>-SVCS from PREROUTING: several clusters on one
 * machine have the same ClusterIPs (10.96.0.10 is everyone's DNS). Host processes (OUTPUT) see
 * the services of whichever agent comes first.
 * Pure: the chains to delete (ours, no longer needed) are given by the caller from iptables-save.
 */
import { createHash } from 'node:crypto';
import type { ServicePortRule } from './model.ts';

/** Our masquerade mark: a bit kube-proxy (0x4000) and Calico do not use. */
export const MASQ_MARK = '0x80000';

export interface RulesInput {
  prefix: string;
  rules: ServicePortRule[];
  /** the agent's pods' IPs */
  podIPs: string[];
  /** the pod network, e.g. 10.244.0.0/16 */
  podCIDR: string;
  /** chains of ours (nat table) that exist now: those not generated are deleted */
  existing: string[];
}

/** `TMN` + 8 hex digits of the agent's identity (its node and cluster). */
export function chainPrefix(identity: string): string {
  return `TMN${createHash('sha256').update(identity).digest('hex').slice(0, 8).toUpperCase()}`;
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 12).toUpperCase();

export function topChains(prefix: string) {
  return { entry: prefix, services: `${prefix}-SVCS`, nodePorts: `${prefix}-NP`, mark: `${prefix}-MARK`, post: `${prefix}-POST` };
}

/** The hooks in the built-in chains that send packets to ours: [chain, rule args]. */
export function jumps(prefix: string): [string, string[]][] {
  const c = topChains(prefix);
  const comment = ['-m', 'comment', '--comment', `timonier ${prefix}`];
  return [
    ['PREROUTING', [...comment, '-j', c.entry]],
    ['OUTPUT', [...comment, '-j', c.entry]],
    ['POSTROUTING', [...comment, '-j', c.post]],
  ];
}

/** The rule of <P> that sends a pod's packets to <P>-SVCS (iptables arguments after the chain). */
export const podRule = (prefix: string, ip: string) => ['-s', `${ip}/32`, '-j', topChains(prefix).services];

/**
 * The pod IPs `next` adds to `previous` when nothing else differs (a new sandbox, the common
 * change): one rule each at the head of <P> makes the same rules as a full restore (iptables-nft's
 * restore takes 10-40 ms here, an insert of one rule a few). Undefined when a full restore is needed.
 */
export function podsAdded(previous: Omit<RulesInput, 'existing'> | undefined, next: Omit<RulesInput, 'existing'>): string[] | undefined {
  if (!previous || previous.prefix !== next.prefix || previous.podCIDR !== next.podCIDR) return undefined;
  if (JSON.stringify(previous.rules) !== JSON.stringify(next.rules)) return undefined;
  const before = new Set(previous.podIPs);
  const after = new Set(next.podIPs);
  if ([...before].some((ip) => !after.has(ip))) return undefined;
  return [...after].filter((ip) => !before.has(ip));
}

export function natRules(input: RulesInput): string {
  const c = topChains(input.prefix);
  const chains: string[] = [c.entry, c.services, c.nodePorts, c.mark, c.post];
  const lines: string[] = [];
  const add = (chain: string, ...args: string[]) => lines.push(['-A', chain, ...args].join(' '));
  const comment = (text: string) => ['-m', 'comment', '--comment', `"${text.replace(/["\\]/g, '')}"`];

  add(c.mark, '-j', 'MARK', '--or-mark', MASQ_MARK);
  add(c.post, '-m', 'mark', '!', '--mark', `${MASQ_MARK}/${MASQ_MARK}`, '-j', 'RETURN');
  add(c.post, '-j', 'MARK', '--xor-mark', MASQ_MARK);
  add(c.post, '-j', 'MASQUERADE');

  for (const ip of [...new Set(input.podIPs)].sort()) add(c.entry, ...podRule(input.prefix, ip));
  // host processes (OUTPUT) too: the node reaches ClusterIPs as on any Kubernetes node
  add(c.entry, '-m', 'addrtype', '--src-type', 'LOCAL', '-j', c.services);
  add(c.entry, '-m', 'addrtype', '--dst-type', 'LOCAL', '-j', c.nodePorts);

  for (const r of input.rules) {
    if (!r.endpoints.length) continue; // nothing to send to: the packet goes on unchanged
    const svcChain = `${input.prefix}-S${hash(r.key)}`;
    chains.push(svcChain);
    const match = ['-p', r.protocol, '-m', r.protocol];
    add(c.services, ...comment(`${r.key} cluster IP`), ...match, '-d', `${r.clusterIP}/32`, '--dport', String(r.port), '!', '-s', input.podCIDR, '-j', c.mark);
    add(c.services, ...comment(`${r.key} cluster IP`), ...match, '-d', `${r.clusterIP}/32`, '--dport', String(r.port), '-j', svcChain);
    if (r.nodePort) {
      add(c.nodePorts, ...comment(r.key), ...match, '--dport', String(r.nodePort), '-j', c.mark);
      add(c.nodePorts, ...comment(r.key), ...match, '--dport', String(r.nodePort), '-j', svcChain);
    }
    r.endpoints.forEach((e, i) => {
      const epChain = `${input.prefix}-E${hash(`${r.key}>${e.ip}:${e.port}`)}`;
      chains.push(epChain);
      const left = r.endpoints.length - i;
      const random = left > 1 ? ['-m', 'statistic', '--mode', 'random', '--probability', (1 / left).toFixed(10)] : [];
      add(svcChain, ...comment(`${r.key} -> ${e.ip}:${e.port}`), ...random, '-j', epChain);
      add(epChain, ...comment(r.key), '-s', `${e.ip}/32`, '-j', c.mark);
      add(epChain, ...comment(r.key), ...match, '-j', 'DNAT', '--to-destination', `${e.ip}:${e.port}`);
    });
  }

  const wanted = new Set(chains);
  const stale = input.existing.filter((x) => x.startsWith(`${input.prefix}-`) && !wanted.has(x)).sort();
  // declaring a chain in --noflush mode empties it; stale ones are emptied then deleted
  return ['*nat', ...[...chains, ...stale].map((ch) => `:${ch} - [0:0]`), ...lines, ...stale.map((ch) => `-X ${ch}`), 'COMMIT', ''].join('\n');
}

/** The chains of ours in `iptables-save -t nat` output. */
export function ourChains(save: string, prefix: string): string[] {
  return save
    .split('\n')
    .filter((l) => l.startsWith(`:${prefix}`))
    .map((l) => l.slice(1).split(' ')[0])
    .filter((ch) => ch === prefix || ch.startsWith(`${prefix}-`));
}
