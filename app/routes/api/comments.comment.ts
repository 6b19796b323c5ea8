import { CommentEditSchema } from "~/lib/comment-schemas";
import { apiRoute } from "~/server/api.server";
import { idParam } from "~/services/id-params.server";
import { deleteComment, editComment } from "~/services/ratings/comments.server";

// PATCH /api/comments/{id} {body}: the author edits their comment.
// DELETE /api/comments/{id}: the author, or an admin, deletes it (204).
const resource = apiRoute({
  params: { commentId: idParam("Comment not found.") },
  methods: ({ member }) => ({
    PATCH: member({ body: CommentEditSchema }, ({ member, params, body }) =>
      editComment(member, params.commentId, body),
    ),
    DELETE: member(async ({ member, params }) => {
      await deleteComment(member, params.commentId);
    }),
  }),
});

export const loader = resource.loader;
export const action = resource.action;
