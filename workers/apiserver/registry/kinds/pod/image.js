"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseImage = parseImage;
exports.defaultPullPolicy = defaultPullPolicy;
/**
 * The image pull policy default, computed from the image reference as Kubernetes does
 * (parsers.ParseImageName over the docker reference grammar): `Always` for the tag `latest` or
 * no tag and no digest, `IfNotPresent` for any other tag, a digest alone, or an unparsable name.
 */
var DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
var DOMAIN = new RegExp("^(?:".concat(DOMAIN_COMPONENT, "(?:\\.").concat(DOMAIN_COMPONENT, ")*|\\[[a-fA-F0-9:]+\\])(?::[0-9]+)?$"));
var PATH_COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
var TAG = /^[\w][\w.-]{0,127}$/;
var DIGEST = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$/;
var HEX64 = /^[a-f0-9]{64}$/;
var MAX_NAME = 255;
/** Splits an image reference; undefined when Kubernetes could not parse it. */
function parseImage(image) {
    if (!image)
        return undefined;
    var at = image.indexOf('@');
    var digest = at >= 0 ? image.slice(at + 1) : '';
    var name = at >= 0 ? image.slice(0, at) : image;
    if (at >= 0 && !DIGEST.test(digest))
        return undefined;
    var tag = '';
    var colon = name.lastIndexOf(':');
    if (colon > name.lastIndexOf('/')) {
        tag = name.slice(colon + 1);
        name = name.slice(0, colon);
        if (!TAG.test(tag))
            return undefined;
    }
    if (!name || name.length > MAX_NAME || HEX64.test(name))
        return undefined;
    var parts = name.split('/');
    // the first component is a registry only if it looks like one (docker's splitDockerDomain)
    var first = parts[0];
    var hasDomain = parts.length > 1 && (first.includes('.') || first.includes(':') || first === 'localhost' || first.toLowerCase() !== first);
    if (hasDomain && !DOMAIN.test(parts.shift()))
        return undefined;
    if (!parts.every(function (p) { return PATH_COMPONENT.test(p); }))
        return undefined;
    return { name: name, tag: tag, digest: digest };
}
function defaultPullPolicy(image) {
    var ref = parseImage(image !== null && image !== void 0 ? image : '');
    if (!ref)
        return 'IfNotPresent';
    var tag = ref.tag || (ref.digest ? '' : 'latest');
    return tag === 'latest' ? 'Always' : 'IfNotPresent';
}
