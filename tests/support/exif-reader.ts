// A test file's own exiftool process, to read what the club wrote as an
// independent witness (not the app's shared one): opened before the file's
// tests, ended after them.
import { ExifTool } from "exiftool-vendored";
import { afterAll, beforeAll } from "vitest";

/**
 * Opens one exiftool for this test file; call the returned function inside a test to get it.
 * Not named use-something: it is no React hook, and the hook lint rules go by that prefix.
 */
export function exifToolForThisFile(): () => ExifTool {
  let exiftool: ExifTool | undefined;
  beforeAll(() => {
    exiftool = new ExifTool({ maxProcs: 1 });
  });
  afterAll(async () => {
    await exiftool?.end();
  });
  return () => {
    if (!exiftool) throw new Error("exifToolForThisFile(): exiftool is only open while this file's tests run");
    return exiftool;
  };
}
