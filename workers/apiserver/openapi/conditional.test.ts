import { test } from 'node:test';
import assert from 'node:assert/strict';
import { httpDate, serveContent, type Representation } from './conditional.ts';

const doc = (lastModified?: string): Representation => ({
  body: '{"openapi":"3.0.0"}',
  etag: '"ABC"',
  lastModified,
  headers: { 'Content-Type': 'application/json', 'Cache-Control': 'public, immutable', Expires: 'Thu, 02 Dec 2027 15:00:00 GMT' },
});

test('every answer is dated: without Date, kubectl counts an immutable document as stale and fetches it again', async () => {
  const before = Date.parse(httpDate());
  const res = serveContent(new Headers(), doc('Wed, 02 Dec 2026 15:00:00 GMT'));
  assert.equal(res.status, 200);
  assert.equal(await res.text(), '{"openapi":"3.0.0"}');
  const date = Date.parse(res.headers.get('Date') ?? '');
  assert.ok(date >= before && date <= Date.now(), `Date ${res.headers.get('Date')}`);
  assert.equal(res.headers.get('ETag'), '"ABC"');
  assert.equal(res.headers.get('Last-Modified'), 'Wed, 02 Dec 2026 15:00:00 GMT');
  assert.equal(res.headers.get('Cache-Control'), 'public, immutable');
  assert.equal(res.headers.get('Content-Type'), 'application/json');
});

test('If-None-Match naming this version is a 304 without a body, its caching headers kept', async () => {
  for (const inm of ['"ABC"', '"OLD", "ABC"', '*']) {
    const res = serveContent(new Headers({ 'If-None-Match': inm }), doc('Wed, 02 Dec 2026 15:00:00 GMT'));
    assert.equal(res.status, 304, inm);
    assert.equal(await res.text(), '');
    assert.equal(res.headers.get('ETag'), '"ABC"');
    assert.ok(res.headers.get('Date'));
    assert.equal(res.headers.get('Expires'), 'Thu, 02 Dec 2027 15:00:00 GMT');
    assert.equal(res.headers.get('Content-Type'), null);
    assert.equal(res.headers.get('Last-Modified'), null, 'as Go: dropped from a 304 that has an ETag');
  }
  assert.equal(serveContent(new Headers({ 'If-None-Match': '"OLD"' }), doc()).status, 200);
});

test('If-Modified-Since counts only without If-None-Match, and only where the time is known', () => {
  const lm = 'Wed, 02 Dec 2026 15:00:00 GMT';
  assert.equal(serveContent(new Headers({ 'If-Modified-Since': lm }), doc(lm)).status, 304);
  assert.equal(serveContent(new Headers({ 'If-Modified-Since': 'Wed, 02 Dec 2026 14:59:59 GMT' }), doc(lm)).status, 200);
  assert.equal(serveContent(new Headers({ 'If-Modified-Since': lm, 'If-None-Match': '"OLD"' }), doc(lm)).status, 200);
  const undated = serveContent(new Headers({ 'If-Modified-Since': lm }), doc());
  assert.equal(undated.status, 200);
  assert.equal(undated.headers.get('Last-Modified'), null);
});
