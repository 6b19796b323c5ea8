import { Link, useFetcher, useFetchers } from "react-router";
import type { Route } from "./+types/members";
import { ActionsTable } from "~/components/actions-table";
import { ConfirmButton } from "~/components/confirm-button";
import { ErrorModal } from "~/components/error-modal";
import { FormErrors } from "~/components/forms/fields";
import { InviteLink } from "~/components/invite-link";
import { useFetcherRefusal } from "~/components/forms/use-fetcher-refusal";
import { LocalTime } from "~/components/local-time";
import { PageTitle } from "~/components/page-title";
import "~/components/members.css";
import { MemberAdminActionSchema } from "~/lib/member-schemas";
import { redirectWithFlash } from "~/server/flash.server";
import { parseForm, refusalMessage } from "~/server/forms.server";
import { requireAdmin } from "~/server/guards.server";
import { InvalidError } from "~/services/errors.server";
import { toggleDeactivation } from "~/services/members/deactivation.server";
import {
  inviteLink,
  listOpenInvites,
  resendInvite,
  revokeInvite,
  toInviteJson,
} from "~/services/members/invites.server";
import { listMembers, toUserJson } from "~/services/members/members.server";
import { page } from "~/server/pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export const loader = page(async ({ request }: Route.LoaderArgs) => {
  const admin = await requireAdmin(request);
  const [invites, members] = await Promise.all([listOpenInvites(), listMembers(admin, { includeDeactivated: true })]);
  return {
    adminId: admin.id,
    // Each with its link, for the admin to hand over by hand (no mail server, a lost e-mail).
    invites: invites.map((invite) => ({ ...toInviteJson(invite), link: inviteLink(invite.id) })),
    members: members.map(toUserJson),
  };
});

// Resend, Revoke, Deactivate/Reactivate: each ends back here with a message,
// or answers its refusal for the error modal.
export const action = page(async ({ request }: Route.ActionArgs) => {
  const admin = await requireAdmin(request);
  try {
    const submission = await parseForm(request, MemberAdminActionSchema);
    if (submission.status !== "success") throw new InvalidError([], "That action is not known.");
    const order = submission.value;
    if (order.intent === "resend") {
      await resendInvite(admin, order.inviteId);
      return redirectWithFlash("/admin/members", "Invite resent!");
    }
    if (order.intent === "revoke") {
      const invite = await revokeInvite(admin, order.inviteId);
      return redirectWithFlash("/admin/members", `The invite to ${invite.firstName} ${invite.lastName} was revoked.`);
    }
    const member = await toggleDeactivation(admin, order.userId);
    const name = `${member.firstName} ${member.lastName}`;
    return redirectWithFlash(
      "/admin/members",
      member.deactivatedAt ? `${name} was deactivated.` : `${name} was reactivated.`,
    );
  } catch (error) {
    return refusalMessage(error);
  }
});

/**
 * A row's buttons, posted by a fetcher: done, the page comes back with the
 * flash (the action redirects); refused, the reason shows in the error modal.
 */
function RowActions({
  fields,
  className,
  children,
}: {
  fields: Record<string, string>;
  className?: string;
  children: React.ReactNode;
}) {
  const fetcher = useFetcher<{ error?: string }>();
  const [refusal, dismiss] = useFetcherRefusal(fetcher);
  return (
    <>
      <fetcher.Form method="post" className={className}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
      </fetcher.Form>
      <ErrorModal title="An error has occurred" message={refusal} onClose={dismiss} />
    </>
  );
}

export default function AdminMembersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { invites, members, adminId } = loaderData;
  // Without JavaScript a row's form posts as a whole page: a refusal comes back
  // here as the page's action data (with JavaScript the fetcher's modal says it).
  const refused = actionData && "error" in actionData ? [actionData.error] : undefined;
  const busy = useFetchers().some((fetcher) => fetcher.state !== "idle");
  return (
    <section>
      <PageTitle>Manage Members</PageTitle>
      <div className="page-heading">
        <h1>Manage Members</h1>
        <div className="row-actions">
          <Link to="/admin/members/invite" className="button primary">
            Invite Member
          </Link>
          <Link to="/admin/club" className="button">
            Club Settings
          </Link>
        </div>
      </div>
      <FormErrors errors={refused} />

      <h2>Pending invites</h2>
      {invites.length ? (
        <ActionsTable
          className="admin-table"
          wrapClassName="admin-table-wrap"
          label="Pending invites"
          columns={["Name", "Email", "Sent", "Link"]}
        >
          {invites.map((invite) => {
            const who = `${invite.firstName} ${invite.lastName} (${invite.email})`;
            // Both are set at once when the invite is made; only a resend moves updatedAt.
            const resent = invite.updatedAt !== invite.createdAt;
            return (
              <tr key={invite.id}>
                <td className="row-title">
                  {invite.firstName} {invite.lastName}
                </td>
                <td data-label="Email">{invite.email}</td>
                <td data-label="Sent">
                  {resent ? "Resent " : ""}
                  <LocalTime iso={invite.updatedAt} />
                </td>
                <td data-label="Link">
                  <InviteLink url={invite.link} name={`${invite.firstName} ${invite.lastName}`} />
                </td>
                <td>
                  <RowActions fields={{ inviteId: invite.id }} className="row-actions">
                    <ConfirmButton
                      name="intent"
                      value="resend"
                      title="Resend invite"
                      question={`Are you sure you wish to resend the invite to ${who}?`}
                    >
                      Resend
                    </ConfirmButton>
                    <ConfirmButton
                      name="intent"
                      value="revoke"
                      title="Revoke invite"
                      className="button small danger"
                      question={`Are you sure you wish to revoke the invite to ${who}? The link in their e-mail will stop working.`}
                    >
                      Revoke
                    </ConfirmButton>
                  </RowActions>
                </td>
              </tr>
            );
          })}
        </ActionsTable>
      ) : (
        <p className="muted">No pending invites.</p>
      )}

      <h2>Members</h2>
      <ActionsTable
        className="admin-table"
        wrapClassName="admin-table-wrap"
        label="Members"
        columns={["Name", "Username", "Email", "Admin", "Joined"]}
        busy={busy}
      >
        {members.map((member) => {
          const who = `${member.firstName} ${member.lastName} (${member.email})`;
          return (
            <tr key={member.id} className={member.deactivatedAt ? "deactivated" : undefined}>
              <td className="row-title">
                <Link to={`/members/${encodeURIComponent(member.username)}`}>
                  {member.firstName} {member.lastName}
                </Link>
                {member.deactivatedAt ? " (deactivated)" : ""}
              </td>
              <td data-label="Username">{member.username}</td>
              <td data-label="Email">{member.email}</td>
              <td data-label="Admin">{member.isAdmin ? "Yes" : "No"}</td>
              <td data-label="Joined">
                <LocalTime iso={member.createdAt} dateOnly />
              </td>
              <td>
                <div className="row-actions">
                  <Link
                    to={`/admin/members/${member.id}`}
                    className="button small"
                    aria-label={`Edit ${member.firstName} ${member.lastName}`}
                  >
                    Edit
                  </Link>
                  {member.id === adminId ? null : (
                    <RowActions fields={{ userId: String(member.id) }}>
                      {member.deactivatedAt ? (
                        <ConfirmButton
                          name="intent"
                          value="toggle"
                          title="Reactivate member"
                          question={`Are you sure you wish to reactivate ${who}?`}
                        >
                          Reactivate
                        </ConfirmButton>
                      ) : (
                        <ConfirmButton
                          name="intent"
                          value="toggle"
                          title="Deactivate member"
                          className="button small danger"
                          question={`Are you sure you wish to deactivate ${who}? They will be logged out and unable to log in.`}
                        >
                          Deactivate
                        </ConfirmButton>
                      )}
                    </RowActions>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </ActionsTable>
    </section>
  );
}
