CREATE TABLE `log` (
	`rev` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`type` text NOT NULL,
	`object` text NOT NULL,
	`prev_rev` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "log_type" CHECK("log"."type" IN ('ADDED', 'MODIFIED', 'DELETED') AND ("log"."type" = 'ADDED') = ("log"."prev_rev" = 0))
);
--> statement-breakpoint
CREATE INDEX `log_key_rev` ON `log` (`key`,`rev`);--> statement-breakpoint
CREATE TABLE `meta` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `objects` (
	`key` text PRIMARY KEY NOT NULL,
	`rev` integer NOT NULL,
	`object` text NOT NULL
);
