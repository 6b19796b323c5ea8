CREATE TABLE "data_versions" (
	"id" integer PRIMARY KEY NOT NULL,
	"members" bigint DEFAULT 0 NOT NULL,
	"photos" bigint DEFAULT 0 NOT NULL
);
