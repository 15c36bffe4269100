/**
 * The one error a CRI call rejects with: the method's full path, the gRPC status code and the
 * runtime's details, so callers branch on `code` and logs say which call failed.
 */
import { status as Code, type ServiceError } from '@grpc/grpc-js';

export { Code };

export class CriError extends Error {
  constructor(
    /** e.g. /runtime.v1.RuntimeService/RunPodSandbox */
    readonly method: string,
    readonly code: Code,
    readonly details: string,
  ) {
    super(`${method}: ${Code[code] ?? code}: ${details}`);
    this.name = 'CriError';
  }

  /** A grpc-js ServiceError (or anything thrown around a call) as a CriError. */
  static from(method: string, err: unknown): CriError {
    if (err instanceof CriError) return err;
    const e = err as Partial<ServiceError>;
    if (typeof e?.code === 'number') return new CriError(method, e.code, e.details ?? e.message ?? '');
    return new CriError(method, Code.UNKNOWN, err instanceof Error ? err.message : String(err));
  }
}

/** The runtime does not know the sandbox, container or image (removed meanwhile). */
export const isNotFound = (e: unknown) => e instanceof CriError && e.code === Code.NOT_FOUND;
