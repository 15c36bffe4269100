/** What every step of the pipeline puts in the request context for the next ones. */
import type { Env } from './env.ts';
import type { RequestInfo } from './request/info.ts';
import type { UserInfo } from './auth/authn.ts';
import type { Authorizer } from './auth/authz.ts';
import type { Storage } from './storage/types.ts';

export interface Vars {
  /** the cluster this request addresses ("default": the root) */
  cluster: string;
  /** a tenant's Cluster uid: its tokens name it, so a cluster made again under the same name refuses them */
  clusterUid?: string;
  info: RequestInfo;
  user: UserInfo;
  /** the authorizer in force (access reviews ask it too) */
  authorizer: Authorizer;
  storage: Storage;
  /** response warnings, sent as `Warning: 299 - "..."` headers */
  warnings: string[];
}

export type AppEnv = { Bindings: Env; Variables: Vars };
