// The originals' zip as an answer: a download, never cached or stored by a proxy.
import { Readable } from "node:stream";
import type { MeetingRow } from "@db/schema";
import { ConflictError } from "~/services/errors.server";
import { originalsFileName, originalsZip } from "./originals.server";
import { NOT_A_COMPETITION_MESSAGE } from "./judges.server";

export async function originalsResponse(meeting: MeetingRow): Promise<Response> {
  if (meeting.kind !== "competition") throw new ConflictError(NOT_A_COMPETITION_MESSAGE);
  const stream = await originalsZip(meeting);
  const name = originalsFileName(meeting);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${name.replace(/"/g, "")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
