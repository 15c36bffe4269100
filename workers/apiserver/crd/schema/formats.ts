/**
 * The string formats Kubernetes checks in custom resources (apiextensions' supported formats);
 * any other format is accepted as is, as Kubernetes does.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const HOSTNAME = /^(?=.{1,255}$)[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*\.?$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const BYTE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const MAC = /^([0-9a-fA-F]{2}[:-]){5}[0-9a-fA-F]{2}$/;
const DURATION = /^([+-]?(\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h))+$|^0$/;

function ipv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

function ipv6(s: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(s) || !s.includes(':')) return false;
  const double = s.split('::');
  if (double.length > 2) return false;
  const groups = s.split(':').filter((g) => g !== '');
  const last = groups[groups.length - 1] ?? '';
  const v4 = last.includes('.');
  if (v4 && !ipv4(last)) return false;
  const hex = v4 ? groups.slice(0, -1) : groups;
  if (!hex.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  const count = hex.length + (v4 ? 2 : 0);
  return double.length === 2 ? count < 8 : count === 8;
}

function cidr(s: string): boolean {
  const [ip, bits, ...rest] = s.split('/');
  if (rest.length || bits === undefined || !/^\d+$/.test(bits)) return false;
  return ipv4(ip) ? Number(bits) <= 32 : ipv6(ip) && Number(bits) <= 128;
}

const CHECKS: Record<string, (s: string) => boolean> = {
  uuid: (s) => UUID.test(s),
  uuid3: (s) => UUID.test(s) && s[14] === '3',
  uuid4: (s) => UUID.test(s) && s[14] === '4',
  uuid5: (s) => UUID.test(s) && s[14] === '5',
  date: (s) => DATE.test(s) && !Number.isNaN(Date.parse(s)),
  'date-time': (s) => DATE_TIME.test(s) && !Number.isNaN(Date.parse(s.replace(' ', 'T'))),
  hostname: (s) => HOSTNAME.test(s),
  email: (s) => EMAIL.test(s),
  byte: (s) => BYTE.test(s),
  ipv4,
  ipv6,
  cidr,
  mac: (s) => MAC.test(s),
  duration: (s) => DURATION.test(s),
};

/** Whether `value` has the format (unknown formats always do). */
export function checkFormat(format: string, value: string): boolean {
  const check = CHECKS[format];
  return !check || check(value);
}
