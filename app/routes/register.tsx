import { Link, useActionData } from "react-router";
import type { Route } from "./+types/register";
import { TitledPage } from "~/components/page-title";
import { SignUpForm } from "~/components/sign-up-form";
import { UNEXPECTED_ERROR_MESSAGE } from "~/server/forms.server";
import { requireVisitor } from "~/server/guards.server";
import { page } from "~/server/pages.server";
import { registerMember, requireRegistrationOpen } from "~/services/members/registration.server";
import { signUpForm } from "~/routes/members/sign-up-form.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

// Open self-registration exists only when FEATURE_REGISTRATION is exactly 'true' (404 otherwise).
export const loader = page(async ({ request }: Route.LoaderArgs) => {
  requireRegistrationOpen();
  await requireVisitor(request);
  return null;
});

export const action = page(async ({ request }: Route.ActionArgs) => {
  requireRegistrationOpen();
  return signUpForm(request, registerMember, { landing: "/", otherwise: UNEXPECTED_ERROR_MESSAGE });
});

export default function RegisterPage() {
  const actionData = useActionData<typeof action>();
  return (
    <TitledPage width="narrow" title="Sign Up" heading="Sign up">
      <SignUpForm id="register" lastResult={actionData?.result} submitLabel="Sign Up">
        <Link to="/login">Already a member? Log in</Link>
      </SignUpForm>
    </TitledPage>
  );
}
