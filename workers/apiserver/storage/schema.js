"use strict";
var __makeTemplateObject = (this && this.__makeTemplateObject) || function (cooked, raw) {
    if (Object.defineProperty) { Object.defineProperty(cooked, "raw", { value: raw }); } else { cooked.raw = raw; }
    return cooked;
};
Object.defineProperty(exports, "__esModule", { value: true });
exports.meta = exports.objects = exports.log = void 0;
/**
 * The tables of the event log (drizzle-kit generates migrations/ from this file). The triggers
 * that keep `objects` in step with `log` and check write preconditions are a custom migration
 * (migrations/0001_*.sql): drizzle's schema language has no triggers.
 */
var drizzle_orm_1 = require("drizzle-orm");
var sqlite_core_1 = require("drizzle-orm/sqlite-core");
/**
 * One row per write, the source of truth. AUTOINCREMENT: a rev is never reused, even after
 * compaction deleted the newest rows (sqlite_sequence keeps the high-water mark).
 */
exports.log = (0, sqlite_core_1.sqliteTable)('log', {
    rev: (0, sqlite_core_1.integer)('rev').primaryKey({ autoIncrement: true }),
    key: (0, sqlite_core_1.text)('key').notNull(),
    type: (0, sqlite_core_1.text)('type', { enum: ['ADDED', 'MODIFIED', 'DELETED'] }).notNull(),
    /** JSON without metadata.resourceVersion; for DELETED, the object's last state */
    object: (0, sqlite_core_1.text)('object').notNull(),
    /** the rev this key had before the write; 0 for a create */
    prevRev: (0, sqlite_core_1.integer)('prev_rev').notNull(),
    /** epoch ms, from the database clock; compaction keeps a time window */
    createdAt: (0, sqlite_core_1.integer)('created_at')
        .notNull()
        .default((0, drizzle_orm_1.sql)(templateObject_1 || (templateObject_1 = __makeTemplateObject(["(cast(unixepoch('subsec') * 1000 as integer))"], ["(cast(unixepoch('subsec') * 1000 as integer))"])))),
}, function (t) { return [
    (0, sqlite_core_1.index)('log_key_rev').on(t.key, t.rev),
    // a create (ADDED) and only a create has no previous revision
    (0, sqlite_core_1.check)('log_type', (0, drizzle_orm_1.sql)(templateObject_2 || (templateObject_2 = __makeTemplateObject(["", " IN ('ADDED', 'MODIFIED', 'DELETED') AND (", " = 'ADDED') = (", " = 0)"], ["", " IN ('ADDED', 'MODIFIED', 'DELETED') AND (", " = 'ADDED') = (", " = 0)"])), t.type, t.type, t.prevRev)),
]; });
/** Current state: for each live key, the object of its latest log row. */
exports.objects = (0, sqlite_core_1.sqliteTable)('objects', {
    key: (0, sqlite_core_1.text)('key').primaryKey(),
    rev: (0, sqlite_core_1.integer)('rev').notNull(),
    object: (0, sqlite_core_1.text)('object').notNull(),
});
/** Named counters; `compacted_rev` is the oldest readable revision. */
exports.meta = (0, sqlite_core_1.sqliteTable)('meta', {
    name: (0, sqlite_core_1.text)('name').primaryKey(),
    value: (0, sqlite_core_1.integer)('value').notNull(),
});
var templateObject_1, templateObject_2;
