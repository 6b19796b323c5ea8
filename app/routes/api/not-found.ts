import { apiRoute } from "~/server/api.server";
import { NotFoundError } from "~/services/errors.server";

// Unknown /api paths answer in JSON, like the rest of the API, whatever the method.
const resource = apiRoute({
  methods: ({ anyone }) => {
    const nothingHere = anyone(() => {
      throw new NotFoundError("Not Found");
    });
    return { GET: nothingHere, POST: nothingHere, PUT: nothingHere, PATCH: nothingHere, DELETE: nothingHere };
  },
});

export const loader = resource.loader;
export const action = resource.action;
