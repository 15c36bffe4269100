/** Who is a node: user system:node:<name> in group system:nodes, as Kubernetes' node identifier. */
import type { UserInfo } from './authn.ts';

export const NODES_GROUP = 'system:nodes';
const PREFIX = 'system:node:';

/** The node's name ('' when the user is in system:nodes without a node name), or undefined for non-nodes. */
export function nodeIdentity(user: UserInfo): string | undefined {
  if (!user.groups.includes(NODES_GROUP) || !user.username.startsWith(PREFIX)) return undefined;
  return user.username.slice(PREFIX.length);
}

export const nodeUser = (name: string) => ({ sub: `${PREFIX}${name}`, groups: [NODES_GROUP, 'system:authenticated'] });
