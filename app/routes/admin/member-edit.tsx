import { Link, useActionData } from "react-router";
import type { Route } from "./+types/member-edit";
import { PageTitle } from "~/components/page-title";
import { ProfileForm } from "~/components/profile-form";
import { env } from "~/env.server";
import { saveProfileForm } from "~/routes/members/profile-form.server";
import { idParam } from "~/services/id-params.server";
import { requireAdmin } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { toUserJson } from "~/services/members/members.server";
import { profileToEdit } from "~/services/members/profile.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

/** /admin/members/{userId}; a username works too (the contract's admin links name members by username). */
const target = (param: string) =>
  /^\d+$/.test(param) ? { id: idParam("Member not found.")(param) } : { username: param };

export const loader = page(async ({ request, params }: Route.LoaderArgs) => {
  const admin = await requireAdmin(request);
  const member = await profileToEdit(admin, target(params.userId));
  return { member: toUserJson(member), pictureMaxBytes: env().UPLOAD_MAX_BYTES };
});

export const action = page(async ({ request, params, context }: Route.ActionArgs) => {
  const admin = await requireAdmin(request);
  const member = await profileToEdit(admin, target(params.userId));
  return saveProfileForm(request, admin, member.id, () => "/admin/members", context.clientAddress);
});

export default function AdminMemberEditPage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const { member, pictureMaxBytes } = loaderData;
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <section className="wide">
      <PageTitle>{`Edit ${name}`}</PageTitle>
      <p>
        <Link to="/admin/members">← Manage Members</Link>
      </p>
      <h1>Edit {name}</h1>
      {member.deactivatedAt ? <p className="muted">This member is deactivated.</p> : null}
      <ProfileForm
        key={JSON.stringify(member)}
        member={member}
        isAdminEditor
        lastResult={actionData?.result}
        pictureMaxBytes={pictureMaxBytes}
      />
    </section>
  );
}
