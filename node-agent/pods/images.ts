/**
 * Makes a container's image present per its imagePullPolicy, as the kubelet does: IfNotPresent
 * and Never look first (ImageStatus) and do not pull what is there; Always pulls every time.
 * A failed pull is ErrImagePull, and retries within the back-off are ImagePullBackOff (never a
 * hang: the CRI call has a deadline). Events: Pulling, Pulled, Failed, BackOff.
 */
import type { PodContainer as Container } from './view.ts';
import { Code, CriError } from '../cri/errors.ts';
import type { Runtime, SandboxSpec } from '../runtime/types.ts';
import type { Backoff } from './backoff.ts';

export class ImageError extends Error {
  constructor(
    /** ErrImagePull, ImagePullBackOff, ErrImageNeverPull, InvalidImageName */
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ImageEvents {
  normal(reason: string, message: string): void;
  warning(reason: string, message: string): void;
}

/** The policy the API defaults: Always for :latest or no tag, IfNotPresent otherwise. */
export function pullPolicy(c: Container): 'Always' | 'IfNotPresent' | 'Never' {
  if (c.imagePullPolicy === 'Always' || c.imagePullPolicy === 'IfNotPresent' || c.imagePullPolicy === 'Never') return c.imagePullPolicy;
  const image = c.image ?? '';
  const tagged = /:[^/]+$/.test(image.split('@')[0]) || image.includes('@');
  return !tagged || image.endsWith(':latest') ? 'Always' : 'IfNotPresent';
}

/** Go's spelling of a gRPC code, as in the kubelet's messages: DeadlineExceeded, Unknown. */
const codeName = (c: Code) => (Code[c] ?? 'UNKNOWN').toLowerCase().replace(/(^|_)([a-z])/g, (_m, _u, ch: string) => ch.toUpperCase());

const seconds = (ms: number) => `${(ms / 1000).toFixed(3).replace(/\.?0+$/, '')}s`;

/** One per pod: remembers when each container's last pull failed, for the back-off. */
export class ImagePuller {
  private readonly failedAt = new Map<string, number>();
  constructor(
    private readonly runtime: Runtime,
    private readonly backoff: Backoff,
  ) {}

  /** The image's ref on the node, after pulling it if the policy says so. */
  async ensure(c: Container, sandbox: SandboxSpec, events: ImageEvents, signal?: AbortSignal): Promise<string> {
    const image = c.image ?? '';
    if (!image) throw new ImageError('InvalidImageName', 'no image given');
    const key = c.name;
    const policy = pullPolicy(c);
    if (policy !== 'Always') {
      const present = await this.runtime.imageStatus(image);
      if (present) {
        events.normal('Pulled', `Container image "${image}" already present on machine`);
        return present.id;
      }
      if (policy === 'Never') {
        const msg = `Container image "${image}" is not present with pull policy of Never`;
        events.warning('ErrImageNeverPull', msg);
        throw new ImageError('ErrImageNeverPull', msg);
      }
    }
    const failedAt = this.failedAt.get(key);
    if (failedAt !== undefined && this.backoff.remaining(key, failedAt, Date.now()) > 0) {
      const msg = `Back-off pulling image "${image}"`;
      events.normal('BackOff', msg);
      throw new ImageError('ImagePullBackOff', msg);
    }
    events.normal('Pulling', `Pulling image "${image}"`);
    const started = Date.now();
    try {
      const ref = await this.runtime.pullImage(image, sandbox, signal);
      this.backoff.reset(key);
      this.failedAt.delete(key);
      const took = Date.now() - started;
      const size = (await this.runtime.imageStatus(image).catch(() => undefined))?.size;
      events.normal('Pulled', `Successfully pulled image "${image}" in ${seconds(took)} (${seconds(took)} including waiting)${size ? `. Image size: ${size} bytes.` : ''}`);
      return ref;
    } catch (e) {
      const detail = e instanceof CriError ? `rpc error: code = ${codeName(e.code)} desc = ${e.details}` : (e as Error).message;
      this.backoff.next(key, Date.now());
      this.failedAt.set(key, Date.now());
      events.warning('Failed', `Failed to pull image "${image}": ${detail}`);
      events.warning('Failed', 'Error: ErrImagePull');
      throw new ImageError('ErrImagePull', detail);
    }
  }

  /** When a pull of this container's image may be tried again (0 = now). */
  retryAt(key: string): number {
    const failedAt = this.failedAt.get(key);
    return failedAt === undefined ? 0 : Date.now() + this.backoff.remaining(key, failedAt, Date.now());
  }
}
