"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.migrations = void 0;
exports.migrations = [
    {
        "name": "0000_event_log",
        "statements": [
            "CREATE TABLE `log` (\n\t`rev` integer PRIMARY KEY AUTOINCREMENT NOT NULL,\n\t`key` text NOT NULL,\n\t`type` text NOT NULL,\n\t`object` text NOT NULL,\n\t`prev_rev` integer NOT NULL,\n\t`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,\n\tCONSTRAINT \"log_type\" CHECK(\"log\".\"type\" IN ('ADDED', 'MODIFIED', 'DELETED') AND (\"log\".\"type\" = 'ADDED') = (\"log\".\"prev_rev\" = 0))\n);",
            "CREATE INDEX `log_key_rev` ON `log` (`key`,`rev`);",
            "CREATE TABLE `meta` (\n\t`name` text PRIMARY KEY NOT NULL,\n\t`value` integer NOT NULL\n);",
            "CREATE TABLE `objects` (\n\t`key` text PRIMARY KEY NOT NULL,\n\t`rev` integer NOT NULL,\n\t`object` text NOT NULL\n);"
        ]
    },
    {
        "name": "0001_triggers",
        "statements": [
            "-- Write preconditions and the current-state projection, kept by the database so that one\n-- write is one INSERT into `log`: atomic, one round trip, and `objects` never disagrees with\n-- `log`. The messages are matched by workers/apiserver/storage/dialect.ts.\nCREATE TRIGGER `log_precondition` BEFORE INSERT ON `log`\nBEGIN\n  SELECT RAISE(ABORT, 'timonier:exists')\n    WHERE NEW.prev_rev = 0 AND EXISTS (SELECT 1 FROM objects WHERE key = NEW.key);\n  SELECT RAISE(ABORT, 'timonier:not-found')\n    WHERE NEW.prev_rev > 0 AND NOT EXISTS (SELECT 1 FROM objects WHERE key = NEW.key);\n  SELECT RAISE(ABORT, 'timonier:conflict')\n    WHERE NEW.prev_rev > 0 AND (SELECT rev FROM objects WHERE key = NEW.key) != NEW.prev_rev;\nEND;",
            "CREATE TRIGGER `log_project` AFTER INSERT ON `log`\nBEGIN\n  INSERT INTO objects (key, rev, object)\n    SELECT NEW.key, NEW.rev, NEW.object WHERE NEW.type != 'DELETED'\n    ON CONFLICT (key) DO UPDATE SET rev = excluded.rev, object = excluded.object;\n  DELETE FROM objects WHERE NEW.type = 'DELETED' AND key = NEW.key;\nEND;"
        ]
    }
];
