import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/invite";
import { FormErrors, TextField } from "~/components/form-fields";
import { PageTitle } from "~/components/page-title";
import { TextAreaField } from "~/components/profile-fields";
import "~/components/members.css";
import { InviteSchema } from "~/lib/member-schemas";
import { refusalReply, UNEXPECTED_ERROR_MESSAGE } from "~/services/account-forms.server";
import { redirectWithFlash } from "~/services/flash.server";
import { requireAdmin } from "~/services/guards.server";
import { createInvite } from "~/services/invites.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: InviteSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
  try {
    await createInvite(admin, submission.value);
  } catch (error) {
    return refusalReply(submission, error, { otherwise: UNEXPECTED_ERROR_MESSAGE });
  }
  // The spec's /admin/users is this club's /admin/members.
  return redirectWithFlash("/admin/members", "Invite sent!");
}

export default function AdminInvitePage() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "invite",
    lastResult: actionData?.result,
    constraint: getZodConstraint(InviteSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteSchema }),
  });
  const hasFieldErrors = Object.entries(form.allErrors).some(([name]) => name !== form.name);
  return (
    <section className="narrow">
      <PageTitle>Invite Member</PageTitle>
      <h1>Invite Member</h1>
      <p>They receive an e-mail with a link to create their account.</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} hasFieldErrors={hasFieldErrors} />
        <TextField label="First name" meta={fields.firstName} autoFocus />
        <TextField label="Last name" meta={fields.lastName} />
        <TextField label="Email" meta={fields.email} type="email" />
        <TextAreaField
          label="Message"
          meta={fields.message}
          rows={5}
          hint="Optional: a few words of welcome, sent with the invite."
        />
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={navigation.state === "submitting"}>
            Send Invite
          </button>
          <Link to="/admin/members">Cancel</Link>
        </div>
      </Form>
    </section>
  );
}
