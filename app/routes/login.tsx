import { useEffect } from "react";
import { Link, redirect, useActionData, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/login";
import { ClubForm } from "~/components/forms/club-form";
import { TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { usePageForm } from "~/components/forms/use-club-form";
import { TitledPage } from "~/components/page-title";
import { env } from "~/env.server";
import { LoginSchema } from "~/lib/account-schemas";
import { safeRedirect } from "~/lib/safe-redirect";
import { invalidForm, replyToRefusal } from "~/server/forms.server";
import { requireVisitor } from "~/server/guards.server";
import { LoginRefusal, logInWithForm } from "~/server/login-form.server";
import { newSessionFor } from "~/services/auth/session.server";
import { page } from "~/server/pages.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/route-error-boundary";

export const loader = page(async ({ request }: Route.LoaderArgs) => {
  const from = safeRedirect(new URL(request.url).searchParams.get("from"));
  await requireVisitor(request, from);
  return { registrationEnabled: env().registrationEnabled };
});

export const action = page(async ({ request, context }: Route.ActionArgs) => {
  try {
    const { member, from } = await logInWithForm(request, context.clientAddress);
    return redirect(safeRedirect(from), { headers: { "Set-Cookie": await newSessionFor(request, member.id) } });
  } catch (error) {
    if (!(error instanceof LoginRefusal)) throw error;
    const { submission, refusal } = error;
    if (refusal === undefined) return invalidForm(submission, { hideFields: ["password"] });
    return replyToRefusal(submission, refusal, { hideFields: ["password"] });
  }
});

export default function LoginPage() {
  const { registrationEnabled } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  // 'from' comes from navigation state or the query string.
  const stateFrom = (location.state as { from?: string } | null)?.from;
  const from = stateFrom ?? new URLSearchParams(location.search).get("from") ?? "/";

  const { form, fields } = usePageForm("login", LoginSchema);

  // A failed attempt clears the password, keeping the email or username. Done on
  // the DOM input: going through Conform would re-validate and hide the message.
  const passwordId = fields.password.id;
  useEffect(() => {
    const input = document.getElementById(passwordId);
    if (actionData && input instanceof HTMLInputElement) input.value = "";
  }, [actionData, passwordId]);

  return (
    <TitledPage width="narrow" title="Log in">
      <ClubForm form={form}>
        <input type="hidden" name="from" value={from} />
        <TextField label="Email or Username" meta={fields.email} autoComplete="username" autoFocus />
        <TextField label="Password" meta={fields.password} type="password" autoComplete="current-password" />
        <div className="form-actions">
          <SubmitButton>Log in</SubmitButton>
          <Link to="/passwords/forgot">Forgot your password?</Link>
        </div>
      </ClubForm>
      {registrationEnabled ? (
        <p>
          <Link to="/register">Need an account?</Link>
        </p>
      ) : null}
    </TitledPage>
  );
}
