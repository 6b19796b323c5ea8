import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, useActionData } from "react-router";
import type { Route } from "./+types/register";
import { PageTitle } from "~/components/page-title";
import { SignUpForm } from "~/components/sign-up-form";
import { env } from "~/env.server";
import { NewMemberSchema } from "~/lib/account-schemas";
import { refusalReply, UNEXPECTED_ERROR_MESSAGE } from "~/routes/members/profile-form.server";
import { redirectWithFlash } from "~/server/flash.server";
import { requireVisitor } from "~/server/guards.server";
import { createSession } from "~/services/auth/session.server";
import { registerMember } from "~/services/members/registration.server";

const HIDDEN = ["password", "confirmPassword"];
const notFound = () => data("Not Found", { status: 404, statusText: "Not Found" });

// Open self-registration exists only when FEATURE_REGISTRATION is exactly 'true'.
export async function loader({ request }: Route.LoaderArgs) {
  if (!env().registrationEnabled) throw notFound();
  await requireVisitor(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  if (!env().registrationEnabled) throw notFound();
  const submission = parseWithZod(await request.formData(), { schema: NewMemberSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 422 });
  try {
    const member = await registerMember(submission.value);
    return redirectWithFlash("/", "Your account has been created!", {
      headers: { "Set-Cookie": await createSession(member.id) },
    });
  } catch (error) {
    return refusalReply(submission, error, { hideFields: HIDDEN, otherwise: UNEXPECTED_ERROR_MESSAGE });
  }
}

export default function RegisterPage() {
  const actionData = useActionData<typeof action>();
  return (
    <section className="narrow">
      <PageTitle>Sign Up</PageTitle>
      <h1>Sign up</h1>
      <SignUpForm id="register" lastResult={actionData?.result} submitLabel="Sign Up">
        <Link to="/login">Already a member? Log in</Link>
      </SignUpForm>
    </section>
  );
}
