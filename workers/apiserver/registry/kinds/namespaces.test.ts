import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Namespace } from '../../../../lib/api/core/namespace.ts';
import namespaces from './namespaces.ts';

const NOW = Date.parse('2025-01-01T12:00:00Z');
const ns = (x: Partial<Namespace> = {}): Namespace => ({ metadata: { name: 'team-a', creationTimestamp: '2025-01-01T11:59:00Z' }, ...x });

test('create: name label, kubernetes finalizer appended, phase Active', () => {
  const o = ns({ spec: { finalizers: ['example.com/keep'] }, status: { phase: 'Terminating' } });
  namespaces.defaults!(o);
  namespaces.prepareForCreate!(o);
  assert.deepEqual(o.metadata.labels, { 'kubernetes.io/metadata.name': 'team-a' });
  assert.deepEqual(o.spec?.finalizers, ['example.com/keep', 'kubernetes']);
  assert.deepEqual(o.status, { phase: 'Active' });
});

test('update keeps the old spec.finalizers and status, and restores the name label', () => {
  const old = ns({ spec: { finalizers: ['kubernetes'] }, status: { phase: 'Terminating' } });
  const o = ns({ metadata: { name: 'team-a', labels: { 'kubernetes.io/metadata.name': 'other', x: 'y' } }, spec: { finalizers: [] }, status: { phase: 'Active' } });
  namespaces.prepareForUpdate!(o, old);
  assert.deepEqual(o.spec?.finalizers, ['kubernetes']);
  assert.deepEqual(o.status, { phase: 'Terminating' });
  assert.deepEqual(o.metadata.labels, { 'kubernetes.io/metadata.name': 'team-a', x: 'y' });
});

test('spec.finalizers must be standard or qualified', () => {
  const errs = namespaces.validate!(ns({ spec: { finalizers: ['kubernetes', 'mine', 'a.io/b'] } }));
  assert.deepEqual(errs.map((e) => `${e.field}: ${e.body}`), ['spec.finalizers: Invalid value: "mine": name is neither a standard finalizer name nor is it fully qualified']);
});

test('table: Name, Status, Age', () => {
  assert.deepEqual(namespaces.table!.columns.map((c) => c.name), ['Name', 'Status', 'Age']);
  assert.deepEqual(namespaces.table!.cells(ns({ status: { phase: 'Active' } }), NOW), ['team-a', 'Active', '60s']);
  assert.equal(namespaces.fieldSelectors!['status.phase'](ns({ status: { phase: 'Terminating' } })), 'Terminating');
  assert.equal(namespaces.deleteReturnsObject, true);
});
