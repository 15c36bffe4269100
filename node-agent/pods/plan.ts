/**
 * What to do next with a pod's containers (the kubelet's computePodActions, reduced to what
 * this agent supports). Pure: the worker executes the actions and plans again on the next sync.
 *
 * Rules:
 * - a running container that a liveness or startup probe gave up on is killed; whether it comes
 *   back is the restart policy's decision, on a later sync;
 * - a running container whose image the pod spec changed (`kubectl set image`) is killed and
 *   started again at once with the new image, whatever the restart policy (the kubelet's
 *   "definition changed");
 * - until the pod is initialized, init containers run one at a time in order: a plain one must
 *   exit 0 before the next starts (a failure restarts it, or fails the pod under Never); a
 *   sidecar (restartPolicy Always) must be started (running, startup probe passed) and then
 *   keeps running;
 * - once initialized (which sticks), app containers are started, and restarted when they exit
 *   per restartPolicy (Always; OnFailure on a non-zero code; never under Never); sidecars are
 *   always restarted;
 * - a restart waits out the crash back-off (a `wait` action, shown as CrashLoopBackOff);
 * - when every app container has exited for good, running sidecars are stopped;
 * - an ephemeral container (`kubectl debug`) is started once, initialized or not, and never
 *   restarted, whatever the restart policy.
 */
import { exitCode, isExited, isRunning, type ContainerView } from './view.ts';

export type RestartPolicy = 'Always' | 'OnFailure' | 'Never';

export type Action =
  | { type: 'start'; name: string }
  | { type: 'kill'; name: string; reason: 'liveness' | 'startup' | 'completed' | 'changed' }
  | { type: 'wait'; name: string; untilMs: number };

export interface Plan {
  actions: Action[];
  initialized: boolean;
  /** a plain init container failed under restartPolicy Never: the pod has failed */
  initFailed: boolean;
  /** every app container exited and none will restart */
  appsDone: boolean;
}

export interface PlanInput {
  restartPolicy: RestartPolicy;
  views: ContainerView[];
  initializedBefore: boolean;
  now: number;
  /** ms of crash back-off left for a container that finished at `finishedAt` */
  backoffRemaining(name: string, finishedAt: number): number;
}

export function restartable(v: ContainerView, policy: RestartPolicy): boolean {
  if (!isExited(v)) return false;
  if (v.kind === 'sidecar' || policy === 'Always') return true;
  return policy === 'OnFailure' && exitCode(v) !== 0;
}

/** The annotation naming the image a container was created from (as the pod spec said it). */
export const IMAGE_ANNOTATION = 'timonier.dev/image';

/** The spec's image is not the one the running instance was created from. */
export function imageChanged(v: ContainerView): boolean {
  const was = v.current?.annotations?.[IMAGE_ANNOTATION];
  return was !== undefined && v.spec.image !== undefined && was !== v.spec.image;
}

export function planPod(input: PlanInput): Plan {
  const actions: Action[] = [];
  const startOrWait = (v: ContainerView) => {
    const finished = v.current?.finishedAt?.getTime();
    const left = v.current && finished !== undefined ? input.backoffRemaining(v.spec.name, finished) : 0;
    actions.push(left > 0 ? { type: 'wait', name: v.spec.name, untilMs: input.now + left } : { type: 'start', name: v.spec.name });
  };

  for (const v of input.views) {
    if (isRunning(v) && imageChanged(v)) actions.push({ type: 'kill', name: v.spec.name, reason: 'changed' }, { type: 'start', name: v.spec.name });
    else if (isRunning(v) && v.unhealthy) actions.push({ type: 'kill', name: v.spec.name, reason: v.unhealthy });
  }

  // ephemeral containers start once, even before the pod is initialized, and never again
  for (const v of input.views) if (v.kind === 'ephemeral' && !v.current) actions.push({ type: 'start', name: v.spec.name });

  let initialized = input.initializedBefore;
  let initFailed = false;
  if (!initialized) {
    initialized = true;
    for (const v of input.views) {
      if (v.kind === 'app' || v.kind === 'ephemeral') continue;
      if (v.kind === 'sidecar') {
        if (isRunning(v) && v.started) continue;
        if (!v.current || isExited(v)) startOrWait(v);
      } else {
        if (isExited(v) && exitCode(v) === 0) continue;
        if (!v.current) actions.push({ type: 'start', name: v.spec.name });
        else if (isExited(v)) {
          if (input.restartPolicy === 'Never') initFailed = true;
          else startOrWait(v);
        }
      }
      initialized = false;
      break;
    }
  }

  const apps = input.views.filter((v) => v.kind === 'app');
  const appsDone = initialized && apps.length > 0 && apps.every((v) => isExited(v) && !restartable(v, input.restartPolicy));
  if (appsDone) {
    // sidecars stop after the app containers, in reverse order of declaration
    const sidecars = input.views.filter((v) => v.kind === 'sidecar' && isRunning(v) && !v.unhealthy).reverse();
    for (const s of sidecars) actions.push({ type: 'kill', name: s.spec.name, reason: 'completed' });
  } else if (initialized) {
    for (const v of input.views) {
      if (v.kind === 'init' || v.kind === 'ephemeral' || actions.some((a) => a.name === v.spec.name)) continue;
      if (!v.current) actions.push({ type: 'start', name: v.spec.name });
      else if (restartable(v, input.restartPolicy)) startOrWait(v);
    }
  }
  return { actions, initialized, initFailed, appsDone };
}
