import type { TestProject } from "vitest/node";
import { createTestDatabase, dropTestDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const url = await createTestDatabase("club_vitest");
  project.provide("databaseUrl", url);
  return async () => {
    await dropTestDatabase(url);
  };
}
