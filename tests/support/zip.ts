// Reads a zip in tests: each entry's name, time and bytes (yauzl, the zip reader of Node's ecosystem).
import { buffer } from "node:stream/consumers";
import yauzl from "yauzl";

export type ZipEntry = { name: string; modified: Date; bytes: Buffer };

export async function readZip(zip: Buffer): Promise<ZipEntry[]> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries: ZipEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on("error", reject);
    file.on("end", resolve);
    file.on("entry", (entry: yauzl.Entry) => {
      file
        .openReadStreamPromise(entry)
        .then((stream) => buffer(stream))
        .then((bytes) => {
          entries.push({ name: entry.fileName, modified: entry.getLastModDate(), bytes });
          file.readEntry();
        })
        .catch(reject);
    });
    file.readEntry();
  });
  return entries;
}
