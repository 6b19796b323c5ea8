import { Link, useActionData } from "react-router";
import type { Route } from "./+types/invite";
import { TitledPage } from "~/components/page-title";
import { SignUpForm } from "~/components/sign-up-form";
import { useRootData } from "~/components/root-data";
import { page } from "~/server/pages.server";
import { acceptInvite, findInvite, inviteState } from "~/services/members/invites.server";
import { signUpForm } from "~/routes/members/sign-up-form.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// The link in the invite e-mail: the sign-up form while the invite is open (404 for no such invite).
export const loader = page(async ({ params }: Route.LoaderArgs) => {
  const invite = await findInvite(params.inviteId);
  return { state: inviteState(invite), firstName: invite.firstName, lastName: invite.lastName, email: invite.email };
});

export const action = page(async ({ request, params }: Route.ActionArgs) => {
  await findInvite(params.inviteId);
  // Accepted or revoked in the meantime (410): the form's banner says which.
  return signUpForm(request, (details) => acceptInvite(params.inviteId, details), { landing: "/account" });
});

export default function InvitePage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const siteTitle = useRootData()?.siteTitle;
  const { state, firstName, lastName, email } = loaderData;
  return (
    <TitledPage width="narrow" title="You're Invited">
      {state === "accepted" ? (
        <>
          <p>This invite has already been accepted.</p>
          <p>
            <Link to="/login">Log in</Link>
          </p>
        </>
      ) : state === "revoked" ? (
        <p>This invite is no longer available.</p>
      ) : (
        <>
          <p>
            Welcome, {firstName}! Create your account to join {siteTitle ?? "the club"}.
          </p>
          <SignUpForm
            id="accept-invite"
            lastResult={actionData?.result}
            defaultValue={{ firstName, lastName, email }}
            submitLabel="Create Account"
          />
        </>
      )}
    </TitledPage>
  );
}
