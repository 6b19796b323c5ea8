// The house's Conform settings, in one place: every form of the site is made
// with this hook and its shared zod schema (the same schema the action and
// the /api twin parse with). Fields validate on submit and then again as the
// member types, never on blur: moving from a field to the button must not
// clear the server's message or shift the button from under the pointer.
import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useActionData } from "react-router";
import type { z } from "zod";

type FormShape<S extends z.ZodType> = z.input<S> extends Record<string, unknown> ? z.input<S> : never;

export function useClubForm<S extends z.ZodType>({
  id,
  schema,
  lastResult,
  defaultValue,
}: {
  id: string;
  schema: S;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<FormShape<S>>;
}) {
  const [form, fields] = useForm<FormShape<S>, z.output<S>>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // The banner says 'Please review the errors below.' when only fields are wrong.
  const hasFieldErrors = Object.entries(form.allErrors).some(([name]) => name !== form.name);
  return { form, fields, hasFieldErrors };
}

/**
 * useClubForm for a form that posts to its own page's action: the action's
 * answer (`{ result }`, from parseForm/invalidForm/replyToRefusal) is the
 * form's last result, so the server's errors show under the fields.
 */
export function usePageForm<S extends z.ZodType>(id: string, schema: S, defaultValue?: DefaultValue<FormShape<S>>) {
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  return useClubForm({ id, schema, lastResult: actionData?.result, defaultValue });
}
