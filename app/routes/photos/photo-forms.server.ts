// The photo forms on the screens (the photo detail on every list, the upload
// screen, the year view): one action for all of them, told apart by `intent`,
// calling the same services as the /api/photos routes.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { HttpError, ValidationError } from "~/server/http.server";
import { FeatureOrderSchema, FeatureSchema, PhotoEditSchema } from "~/lib/photo-schemas";
import { safeRedirect } from "~/lib/safe-redirect";
import { featurePhoto, reorderFeatures } from "~/services/photos/features.server";
import { requireMember } from "~/server/guards.server";
import { deletePhoto, updatePhoto } from "~/services/photos/photos.server";

export type PhotoFormResult =
  | { intent: "update"; photoId: number; result: SubmissionResult<string[]>; message?: string }
  | { intent: "feature"; photoId: number; error?: string }
  | { intent: "delete"; photoId: number }
  | { intent: "reorder"; error?: string };

function positiveInt(value: FormDataEntryValue | null): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw data("Bad Request", { status: 400, statusText: "Bad Request" });
  return number;
}

export async function photoFormAction(request: Request) {
  const member = await requireMember(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  try {
    switch (intent) {
      case "update": {
        const photoId = positiveInt(formData.get("photoId"));
        const submission = parseWithZod(formData, { schema: PhotoEditSchema });
        if (submission.status !== "success") {
          return data({ intent, photoId, result: submission.reply() } satisfies PhotoFormResult, { status: 422 });
        }
        const edit = submission.value;
        await updatePhoto(member, photoId, {
          caption: edit.caption ?? null,
          description: edit.description ?? null,
          license: edit.license,
          acquireLicensePage: edit.acquireLicensePage ?? null,
        });
        return { intent, photoId, result: submission.reply(), message: "Photo updated!" } satisfies PhotoFormResult;
      }
      case "feature": {
        const photoId = positiveInt(formData.get("photoId"));
        const choice = FeatureSchema.safeParse({ year: formData.get("year") ?? "" });
        if (!choice.success)
          return data({ intent, photoId, error: "Please choose a year." } satisfies PhotoFormResult, { status: 422 });
        try {
          await featurePhoto(member, photoId, choice.data);
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          const message = error.generalMessage ?? error.errors[0]?.message ?? "The photo could not be featured.";
          return data({ intent, photoId, error: message } satisfies PhotoFormResult, { status: 422 });
        }
        return { intent, photoId } satisfies PhotoFormResult;
      }
      case "delete": {
        const photoId = positiveInt(formData.get("photoId"));
        await deletePhoto(member, photoId);
        const returnTo = formData.get("returnTo");
        // Back to the list the photo was in; the upload screen just drops the item.
        if (typeof returnTo === "string" && returnTo) throw redirect(safeRedirect(returnTo));
        return { intent, photoId } satisfies PhotoFormResult;
      }
      case "reorder": {
        const year = positiveInt(formData.get("year"));
        const order = FeatureOrderSchema.safeParse({
          photoIds: String(formData.get("photoIds") ?? "")
            .split(",")
            .filter(Boolean),
        });
        if (!order.success)
          return data({ intent, error: "The new order could not be read." } satisfies PhotoFormResult, { status: 422 });
        try {
          await reorderFeatures(member, member.id, year, order.data.photoIds);
        } catch (error) {
          if (!(error instanceof ValidationError)) throw error;
          return data(
            { intent, error: error.generalMessage ?? "The new order could not be saved." } satisfies PhotoFormResult,
            { status: 422 },
          );
        }
        return { intent } satisfies PhotoFormResult;
      }
      default:
        throw data("Bad Request", { status: 400, statusText: "Bad Request" });
    }
  } catch (error) {
    // A refusal meant for the page (403, 404) shows the error screen with its status.
    if (error instanceof HttpError) throw data(error.message, { status: error.status, statusText: error.message });
    throw error;
  }
}
