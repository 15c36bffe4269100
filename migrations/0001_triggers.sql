-- Write preconditions and the current-state projection, kept by the database so that one
-- write is one INSERT into `log`: atomic, one round trip, and `objects` never disagrees with
-- `log`. The messages are matched by workers/apiserver/storage/dialect.ts.
CREATE TRIGGER `log_precondition` BEFORE INSERT ON `log`
BEGIN
  SELECT RAISE(ABORT, 'timonier:exists')
    WHERE NEW.prev_rev = 0 AND EXISTS (SELECT 1 FROM objects WHERE key = NEW.key);
  SELECT RAISE(ABORT, 'timonier:not-found')
    WHERE NEW.prev_rev > 0 AND NOT EXISTS (SELECT 1 FROM objects WHERE key = NEW.key);
  SELECT RAISE(ABORT, 'timonier:conflict')
    WHERE NEW.prev_rev > 0 AND (SELECT rev FROM objects WHERE key = NEW.key) != NEW.prev_rev;
END;
--> statement-breakpoint
CREATE TRIGGER `log_project` AFTER INSERT ON `log`
BEGIN
  INSERT INTO objects (key, rev, object)
    SELECT NEW.key, NEW.rev, NEW.object WHERE NEW.type != 'DELETED'
    ON CONFLICT (key) DO UPDATE SET rev = excluded.rev, object = excluded.object;
  DELETE FROM objects WHERE NEW.type = 'DELETED' AND key = NEW.key;
END;
