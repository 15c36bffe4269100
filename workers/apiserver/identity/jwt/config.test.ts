import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseAuthenticationConfig, validateAuthenticationConfig, type AuthenticationConfiguration } from './config.ts';
import { userFromClaims } from './authenticator.ts';

const head = { apiVersion: 'apiserver.config.k8s.io/v1beta1', kind: 'AuthenticationConfiguration' };
const jwt = {
  issuer: { url: 'https://issuer.example', audiences: ['k'] },
  claimMappings: { username: { claim: 'email', prefix: '' }, groups: { claim: 'groups', prefix: 'oidc:' } },
};

test('YAML or JSON; Kubernetes’ rules for issuers, audiences and prefixes', () => {
  assert.equal(parseAuthenticationConfig(`apiVersion: apiserver.config.k8s.io/v1beta1\nkind: AuthenticationConfiguration\njwt: []\n`).jwt?.length, 0);
  const errs = (j: unknown) => validateAuthenticationConfig({ ...head, jwt: [j] } as AuthenticationConfiguration);
  assert.deepEqual(errs(jwt), []);
  assert.deepEqual(errs({ ...jwt, issuer: { url: 'http://issuer.example', audiences: ['k'] } }), ['jwt[0].issuer.url: Invalid value: "http://issuer.example": URL scheme must be https']);
  assert.deepEqual(errs({ ...jwt, issuer: { url: 'https://i', audiences: ['a', 'b'] } }), ['jwt[0].issuer.audienceMatchPolicy: Invalid value: "": audienceMatchPolicy must be MatchAny for multiple audiences']);
  assert.deepEqual(errs({ ...jwt, claimMappings: { username: { claim: 'sub' } } }), ['jwt[0].claimMappings.username.prefix: Required value: prefix is required when claim is set. It can be set to an empty string to disable prefixing']);
  assert.match(errs({ ...jwt, claimMappings: { username: { expression: 'claims.sub' } } })[0], /CEL expressions are not supported/);
  assert.throws(() => parseAuthenticationConfig(JSON.stringify({ ...head, jwt: [jwt, jwt] })), /Duplicate value/);
});

test('claims to a user: prefixes, email_verified, audiences, rules', () => {
  const c = { ...jwt, claimValidationRules: [{ claim: 'hd', requiredValue: 'school' }] };
  const ok = { aud: ['x', 'k'], email: 'a@b', groups: ['g'], hd: 'school' };
  assert.deepEqual(userFromClaims(c, ok), { username: 'a@b', groups: ['oidc:g', 'system:authenticated'] });
  assert.equal(userFromClaims(c, { ...ok, email_verified: false }), undefined);
  assert.ok(userFromClaims(c, { ...ok, email_verified: true }));
  assert.equal(userFromClaims(c, { ...ok, aud: 'other' }), undefined);
  assert.equal(userFromClaims(c, { ...ok, hd: 'elsewhere' }), undefined);
  assert.equal(userFromClaims(c, { ...ok, groups: [1] }), undefined);
  assert.deepEqual(userFromClaims(c, { ...ok, groups: 'solo' })?.groups, ['oidc:solo', 'system:authenticated']);
});
