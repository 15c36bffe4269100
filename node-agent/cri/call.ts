/**
 * One unary call with a deadline and an AbortSignal, rejecting with a CriError. Every CRI call
 * goes through here, so a hung runtime never hangs the agent.
 */
import * as grpc from '@grpc/grpc-js';
import { Code, CriError } from './errors.ts';

export interface CallOptions {
  signal?: AbortSignal;
  /** overrides the method's default deadline */
  timeoutMs?: number;
}

type Callback = (err: grpc.ServiceError | null, res: unknown) => void;
type Method = (req: unknown, meta: grpc.Metadata, opts: grpc.CallOptions, cb: Callback) => grpc.ClientUnaryCall;

export function unary<Res>(client: grpc.Client, service: string, method: string, req: unknown, timeoutMs: number, opts: CallOptions = {}): Promise<Res> {
  const path = `/runtime.v1.${service}/${method}`;
  return new Promise<Res>((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new CriError(path, Code.CANCELLED, 'aborted before the call'));
    const fn = (client as unknown as Record<string, Method>)[method];
    const onAbort = () => call.cancel();
    const call = fn.call(client, req, new grpc.Metadata(), { deadline: Date.now() + (opts.timeoutMs ?? timeoutMs) }, (err, res) => {
      opts.signal?.removeEventListener('abort', onAbort);
      if (err) reject(CriError.from(path, err));
      else resolve(res as Res);
    });
    opts.signal?.addEventListener('abort', onAbort, { once: true });
  });
}
