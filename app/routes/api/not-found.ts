import { jsonError } from "~/server/http.server";

// Unknown /api paths answer in JSON, like the rest of the API.
export const loader = () => jsonError(404, "Not Found");
export const action = () => jsonError(404, "Not Found");
