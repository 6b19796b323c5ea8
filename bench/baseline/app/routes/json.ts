// A bare JSON route: the same 24-photo body from memory.
import { body } from "../photos.server";

export function loader() {
  return new Response(body, { headers: { "Content-Type": "application/json", "Cache-Control": "private, no-store" } });
}
