import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CLASS_IN, decode, encode, encodeWithin, FormatError, query, RCODE, TYPE, udpPayloadSize, type Message } from './wire.ts';

const response = (answers: Message['answers']): Message => ({ id: 7, qr: true, opcode: 0, aa: true, tc: false, rd: true, ra: true, rcode: RCODE.NOERROR, questions: [{ name: 'web.default.svc.cluster.local', type: TYPE.A, class: CLASS_IN }], answers, authorities: [], additionals: [] });

test('a query decodes to its id, flags and question', () => {
  const m = decode(query(0x1234, 'Postgresql.Default.svc.cluster.local', TYPE.SRV));
  assert.equal(m.id, 0x1234);
  assert.equal(m.qr, false);
  assert.equal(m.rd, true);
  assert.deepEqual(m.questions, [{ name: 'postgresql.default.svc.cluster.local', type: TYPE.SRV, class: CLASS_IN }]);
});

test('A, SRV, CNAME and SOA records survive encode then decode', () => {
  const answers: Message['answers'] = [
    { name: 'web.default.svc.cluster.local', type: TYPE.A, class: CLASS_IN, ttl: 5, address: '10.96.0.42' },
    { name: '_http._tcp.web.default.svc.cluster.local', type: TYPE.SRV, class: CLASS_IN, ttl: 5, priority: 0, weight: 100, port: 80, target: 'web.default.svc.cluster.local' },
    { name: 'ext.default.svc.cluster.local', type: TYPE.CNAME, class: CLASS_IN, ttl: 5, target: 'example.com' },
    { name: 'cluster.local', type: TYPE.SOA, class: CLASS_IN, ttl: 5, mname: 'ns.dns.cluster.local', rname: 'hostmaster.cluster.local', serial: 1, refresh: 7200, retry: 1800, expire: 86400, minimum: 5 },
  ];
  const m = decode(encode(response(answers)));
  assert.deepEqual(m.answers, answers);
  assert.equal(m.aa, true);
  assert.equal(m.ra, true);
});

test('compressed names (as upstream resolvers send them) are followed', () => {
  // header, question example.com A IN, answer with a pointer to offset 12
  const q = [...query(1, 'example.com')];
  q[7] = 1; // ancount
  const answer = [0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 93, 184, 216, 34];
  const m = decode(Uint8Array.from([...q, ...answer]));
  assert.deepEqual(m.answers[0], { name: 'example.com', type: TYPE.A, class: CLASS_IN, ttl: 60, address: '93.184.216.34' });
});

test('garbage is a FormatError, pointer loops included', () => {
  assert.throws(() => decode(Uint8Array.from([1, 2, 3])), FormatError);
  const loop = [...query(1, 'a')].slice(0, 12);
  loop[5] = 1; // one question whose name points at itself
  assert.throws(() => decode(Uint8Array.from([...loop, 0xc0, 12, 0, 1, 0, 1])), FormatError);
});

test('an answer too large for UDP is truncated (TC, no records)', () => {
  const many = Array.from({ length: 60 }, (_, i) => ({ name: 'web.default.svc.cluster.local', type: TYPE.A, class: CLASS_IN, ttl: 5, address: `10.244.0.${i}` }));
  const m = decode(encodeWithin(response(many), 512));
  assert.equal(m.tc, true);
  assert.equal(m.answers.length, 0);
  assert.equal(decode(encodeWithin(response(many), 65535)).answers.length, 60);
});

test('the EDNS payload size comes from the OPT record', () => {
  const q = decode(query(1, 'x'));
  assert.equal(udpPayloadSize(q), 512);
  assert.equal(udpPayloadSize({ ...q, additionals: [{ name: '', type: TYPE.OPT, class: 1232, ttl: 0, raw: new Uint8Array() }] }), 1232);
});
