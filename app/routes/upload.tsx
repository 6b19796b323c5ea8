import { useCallback } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/upload";
import { TitledPage } from "~/components/page-title";
import { UploadQueue } from "~/components/upload-queue";
import { env } from "~/env.server";
import { apiFetch } from "~/lib/api-client";
import { requireMember } from "~/server/guards.server";
import type { PhotoJson } from "~/lib/club-json";
import { photoFormAction } from "~/routes/photos/photo-forms.server";
import { page } from "~/server/pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// /upload: a member adds photos of their own, outside any meeting.
export const loader = page(async ({ request }: Route.LoaderArgs) => {
  const member = await requireMember(request);
  return { maxBytes: env().UPLOAD_MAX_BYTES, username: member.username };
});

// The forms of the uploaded photos (edit, delete) post here.
export const action = photoFormAction;

export default function UploadPage({ loaderData }: Route.ComponentProps) {
  const createPhoto = useCallback(
    (file: File, signedId: string) =>
      apiFetch<PhotoJson>("/api/photos", { method: "POST", json: { filename: file.name, file: signedId } }),
    [],
  );
  return (
    <TitledPage title="Upload Photos">
      <p className="muted">
        Photos you add here appear in{" "}
        <Link to={`/members/${encodeURIComponent(loaderData.username)}/all`}>your gallery</Link>. Feature up to 12 a
        year there to show them to visitors.
      </p>
      <UploadQueue createPhoto={createPhoto} maxSize={loaderData.maxBytes} />
    </TitledPage>
  );
}
