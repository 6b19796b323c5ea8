import { apiRoute } from "~/server/api.server";
import { NotFoundError } from "~/services/errors.server";

// Unknown /api paths answer in JSON, like the rest of the API, whatever the method.
export const { loader, action } = apiRoute({
  methods: ({ anyone }) => {
    const nothingHere = anyone(() => {
      throw new NotFoundError("Not Found");
    });
    return { GET: nothingHere, POST: nothingHere, PUT: nothingHere, PATCH: nothingHere, DELETE: nothingHere };
  },
});
