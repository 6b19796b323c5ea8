import { TemplatePatchSchema } from "~/lib/meeting-schemas";
import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { getTemplate, TEMPLATE_NOT_FOUND_MESSAGE, updateTemplate } from "~/services/meetings/templates.server";

// GET /api/meetings/templates/{id}: one recurring meeting.
// PATCH /api/meetings/templates/{id}: an admin changes it; meetings already made from it keep their fields.
const resource = apiRoute({
  params: { templateId: idParam(TEMPLATE_NOT_FOUND_MESSAGE) },
  methods: ({ member, admin }) => ({
    GET: member(({ member, params }) => getTemplate(member, params.templateId)),
    PATCH: admin({ body: TemplatePatchSchema }, ({ member, params, body }) =>
      updateTemplate(member, params.templateId, body),
    ),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
