/**
 * The image pull policy default, computed from the image reference as Kubernetes does
 * (parsers.ParseImageName over the docker reference grammar): `Always` for the tag `latest` or
 * no tag and no digest, `IfNotPresent` for any other tag, a digest alone, or an unparsable name.
 */
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = new RegExp(`^(?:${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?$`);
const PATH_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
const TAG = /^[\w][\w.-]{0,127}$/;
const DIGEST = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$/;
const HEX64 = /^[a-f0-9]{64}$/;
const MAX_NAME = 255;

export interface ImageRef {
  /** repository path with its registry, as written (not normalized) */
  name: string;
  tag: string;
  digest: string;
}

/** Splits an image reference; undefined when Kubernetes could not parse it. */
export function parseImage(image: string): ImageRef | undefined {
  if (!image) return undefined;
  const at = image.indexOf('@');
  const digest = at >= 0 ? image.slice(at + 1) : '';
  let name = at >= 0 ? image.slice(0, at) : image;
  if (at >= 0 && !DIGEST.test(digest)) return undefined;
  let tag = '';
  const colon = name.lastIndexOf(':');
  if (colon > name.lastIndexOf('/')) {
    tag = name.slice(colon + 1);
    name = name.slice(0, colon);
    if (!TAG.test(tag)) return undefined;
  }
  if (!name || name.length > MAX_NAME || HEX64.test(name)) return undefined;
  const parts = name.split('/');
  // the first component is a registry only if it looks like one (docker's splitDockerDomain)
  const first = parts[0];
  const hasDomain = parts.length > 1 && (first.includes('.') || first.includes(':') || first === 'localhost' || first.toLowerCase() !== first);
  if (hasDomain && !DOMAIN.test(parts.shift()!)) return undefined;
  if (!parts.every((p) => PATH_COMPONENT.test(p))) return undefined;
  return { name, tag, digest };
}

export function defaultPullPolicy(image: string | null | undefined): 'Always' | 'IfNotPresent' {
  const ref = parseImage(image ?? '');
  if (!ref) return 'IfNotPresent';
  const tag = ref.tag || (ref.digest ? '' : 'latest');
  return tag === 'latest' ? 'Always' : 'IfNotPresent';
}
