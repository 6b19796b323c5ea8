import { useActionData } from "react-router";
import type { Route } from "./+types/edit";
import { TitledPage } from "~/components/page-title";
import { ProfileForm } from "~/components/profile-form";
import { env } from "~/env.server";
import { saveProfileForm } from "~/routes/members/profile-form.server";
import { requireMember } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { toUserJson } from "~/services/members/members.server";
import { profileToEdit } from "~/services/members/profile.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// A member edits their own profile (admins may open anyone's).
export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const editor = await requireMember(request);
  const member = await profileToEdit(editor, { username: params.username });
  return { member: toUserJson(member), isAdminEditor: editor.isAdmin, pictureMaxBytes: env().UPLOAD_MAX_BYTES };
});

export const action = page(async ({ request, params, context }: Route.ActionArgs) => {
  const editor = await requireMember(request);
  const target = await profileToEdit(editor, { username: params.username });
  return saveProfileForm(
    request,
    editor,
    target.id,
    (member) => `/members/${encodeURIComponent(member.username)}/edit`,
    context.clientAddress,
  );
});

export default function EditProfilePage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { member, isAdminEditor, pictureMaxBytes } = loaderData;
  return (
    <TitledPage title="Edit Profile" width="wide">
      {/* Keyed by the saved profile, so after saving the form shows what was stored. */}
      <ProfileForm
        key={JSON.stringify(member)}
        member={member}
        isAdminEditor={isAdminEditor}
        lastResult={actionData?.result}
        pictureMaxBytes={pictureMaxBytes}
      />
    </TitledPage>
  );
}
