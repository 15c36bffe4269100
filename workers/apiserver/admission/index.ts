/**
 * Built-in admission on create, in Kubernetes' order (errors-validation-defaults.md §4):
 * NamespaceLifecycle, ServiceAccount, DefaultTolerationSeconds, Priority, then the service IP
 * allocator. Each plugin is a function of (context, descriptor, object) that mutates or throws.
 * Admission webhooks will plug in after these.
 */
import type { KubeObject } from '../../../lib/api/meta.ts';
import type { Storage } from '../storage/types.ts';
import type { UserInfo } from '../auth/authn.ts';
import type { KindDescriptor } from '../registry/types.ts';
import { namespaceLifecycle } from './namespace-lifecycle.ts';
import { serviceAccount } from './service-account.ts';
import { defaultTolerationSeconds, priority } from './pod-scheduling.ts';
import { allocateClusterIP } from './cluster-ip.ts';

export interface AdmissionContext {
  storage: Storage;
  user: UserInfo;
  /** the service ClusterIP range (SERVICE_CLUSTER_IP_RANGE; default 10.96.0.0/12) */
  serviceClusterIPRange?: string;
}

export type AdmissionPlugin = (ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject) => Promise<void> | void;

const onCreate: AdmissionPlugin[] = [namespaceLifecycle, serviceAccount, defaultTolerationSeconds, priority, allocateClusterIP];

export async function admitCreate(ctx: AdmissionContext, desc: KindDescriptor, obj: KubeObject): Promise<void> {
  for (const plugin of onCreate) await plugin(ctx, desc, obj);
}
