// Every test file gets a fresh database of its own, a copy of the run's migrated
// template (see vitest-global-setup.ts), opened as the app's database.
import { afterAll, beforeAll } from "vitest";
import { dropFileDatabase, openFileDatabase } from "./test-database";

process.env.NODE_ENV = "test";
// Vitest mirrors Vite's import.meta.env into process.env, where BASE_URL is "/";
// ours is the public URL used in e-mailed links.
process.env.BASE_URL = "http://club.test";
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0000";
process.env.DATA_DIR ??= `/tmp/club-vitest-${process.pid}`;

beforeAll(openFileDatabase);
afterAll(dropFileDatabase);
