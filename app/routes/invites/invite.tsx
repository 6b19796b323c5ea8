import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useActionData } from "react-router";
import type { Route } from "./+types/invite";
import { PageTitle } from "~/components/page-title";
import { SignUpForm } from "~/components/sign-up-form";
import { NewMemberSchema } from "~/lib/account-schemas";
import { useRootData } from "~/lib/root-data";
import { asPageError, refusalReply } from "~/routes/members/profile-form.server";
import { redirectWithFlash } from "~/server/flash.server";
import { acceptInvite, findInvite, inviteState } from "~/services/members/invites.server";
import { createSession } from "~/services/auth/session.server";

const HIDDEN = ["password", "confirmPassword"];

// The link in the invite e-mail: the sign-up form while the invite is open.
export async function loader({ params }: Route.LoaderArgs) {
  const invite = await findInvite(params.inviteId).catch(asPageError);
  return { state: inviteState(invite), firstName: invite.firstName, lastName: invite.lastName, email: invite.email };
}

export async function action({ request, params }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: NewMemberSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 422 });
  try {
    const member = await acceptInvite(params.inviteId, submission.value);
    return redirectWithFlash("/account", "Your account has been created!", {
      headers: { "Set-Cookie": await createSession(member.id) },
    });
  } catch (error) {
    // Accepted or revoked in the meantime (410): the message says which.
    return refusalReply(submission, error, { hideFields: HIDDEN, asFormError: [410] });
  }
}

export default function InvitePage({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const siteTitle = useRootData()?.siteTitle;
  const { state, firstName, lastName, email } = loaderData;
  return (
    <section className="narrow">
      <PageTitle>You're Invited</PageTitle>
      <h1>You're Invited</h1>
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
    </section>
  );
}
