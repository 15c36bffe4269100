/** Probes and lifecycle hooks: exactly one handler, and each handler's own rules. */
import type { Container, Probe } from '../../../../../lib/api/core/pod.ts';
import { fieldErr, type FieldError } from '../../../../../lib/errors.ts';
import { NEGATIVE, portName, portNum, regexError } from './messages.ts';

type Handler = {
  exec?: { command?: string[] };
  httpGet?: { path?: string; port?: number | string; scheme?: string; httpHeaders?: { name?: string }[] };
  tcpSocket?: { port?: number | string };
  grpc?: { port?: number };
  sleep?: { seconds?: number };
};

const HTTP_SCHEMES = ['HTTP', 'HTTPS'];
const HEADER_NAME = /^[-A-Za-z0-9]+$/;
const HEADER_NAME_MSG = regexError("a valid HTTP header must consist of alphanumeric characters or '-'", '[-A-Za-z0-9]+', 'X-Header-Name');

/** ValidatePortNumOrName */
export function validatePortNumOrName(port: number | string | undefined, at: string): FieldError[] {
  if (typeof port === 'string') return portName(port).map((m) => fieldErr.invalid(at, port, m));
  return portNum(port ?? 0).map((m) => fieldErr.invalid(at, port ?? 0, m));
}

function validateHandler(h: Handler, gracePeriod: number, at: string): FieldError[] {
  const errs: FieldError[] = [];
  let n = 0;
  const one = (kind: keyof Handler, check: () => FieldError[]) => {
    if (h[kind] == null) return;
    if (n > 0) errs.push(fieldErr.forbidden(`${at}.${kind}`, 'may not specify more than 1 handler type'));
    else {
      n++;
      errs.push(...check());
    }
  };
  one('exec', () => (h.exec!.command?.length ? [] : [fieldErr.required(`${at}.exec.command`)]));
  one('httpGet', () => {
    const g = h.httpGet!;
    const e: FieldError[] = [];
    if (!g.path) e.push(fieldErr.required(`${at}.httpGet.path`));
    e.push(...validatePortNumOrName(g.port, `${at}.httpGet.port`));
    if (!HTTP_SCHEMES.includes(g.scheme ?? '')) e.push(fieldErr.notSupported(`${at}.httpGet.scheme`, g.scheme ?? '', HTTP_SCHEMES));
    for (const hd of g.httpHeaders ?? [])
      if (!HEADER_NAME.test(hd.name ?? ''))
        e.push(fieldErr.invalid(`${at}.httpGet.httpHeaders`, hd.name ?? '', HEADER_NAME_MSG));
    return e;
  });
  one('tcpSocket', () => validatePortNumOrName(h.tcpSocket!.port, `${at}.tcpSocket.port`));
  one('grpc', () => portNum(h.grpc!.port ?? 0).map((m) => fieldErr.invalid(`${at}.grpc.port`, h.grpc!.port ?? 0, m)));
  one('sleep', () => {
    const s = h.sleep!.seconds ?? 0;
    return s <= 0 || s > gracePeriod
      ? [fieldErr.invalid(`${at}.sleep`, s, `must be greater than 0 and less than terminationGracePeriodSeconds (${gracePeriod}). Please enable PodLifecycleSleepActionAllowZero feature gate if you need a sleep of zero duration.`)]
      : [];
  });
  if (n === 0) errs.push(fieldErr.required(at, 'must specify a handler type'));
  return errs;
}

function validateProbe(p: Probe, gracePeriod: number, at: string): FieldError[] {
  const errs = validateHandler(p as Handler, gracePeriod, at);
  for (const f of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'] as const) {
    const n = p[f] ?? 0;
    if (n < 0) errs.push(fieldErr.invalid(`${at}.${f}`, n, NEGATIVE));
  }
  const tgps = p.terminationGracePeriodSeconds;
  if (tgps != null && tgps <= 0) errs.push(fieldErr.invalid(`${at}.terminationGracePeriodSeconds`, tgps, 'must be greater than 0'));
  return errs;
}

/** The probes and hooks of a container allowed to have them (regular containers, sidecars). */
export function validateProbesAndHooks(c: Container, gracePeriod: number, at: string): FieldError[] {
  const errs: FieldError[] = [];
  if (c.lifecycle?.postStart) errs.push(...validateHandler(c.lifecycle.postStart as Handler, gracePeriod, `${at}.lifecycle.postStart`));
  if (c.lifecycle?.preStop) errs.push(...validateHandler(c.lifecycle.preStop as Handler, gracePeriod, `${at}.lifecycle.preStop`));
  for (const kind of ['livenessProbe', 'readinessProbe', 'startupProbe'] as const) {
    const p = c[kind];
    if (!p) continue;
    errs.push(...validateProbe(p, gracePeriod, `${at}.${kind}`));
    if (kind !== 'readinessProbe' && p.successThreshold !== 1) errs.push(fieldErr.invalid(`${at}.${kind}.successThreshold`, p.successThreshold ?? 0, 'must be 1'));
    if (kind === 'readinessProbe' && p.terminationGracePeriodSeconds != null)
      errs.push(fieldErr.invalid(`${at}.${kind}.terminationGracePeriodSeconds`, p.terminationGracePeriodSeconds, 'must not be set for readinessProbes'));
  }
  return errs;
}
