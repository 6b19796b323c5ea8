import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { PASSWORD_RULE_MESSAGE } from "~/lib/account-schemas";
import { LICENSES } from "~/lib/licenses";
import { useRootData } from "~/components/root-data";
import { MAX_BIO_LENGTH, MAX_PHONE_LENGTH, MAX_PROFILE_LINK_LENGTH, ProfileSchema } from "~/lib/member-schemas";
import type { UserJson } from "~/lib/member-json";
import { CheckboxField, DateField, FormErrors, SelectField, TextAreaField, TextField } from "./forms/fields";
import { SubmitButton } from "./forms/submit-button";
import { useClubForm } from "./forms/use-club-form";
import { PictureInput } from "./forms/picture-input";
import "./members.css";

/** Fields whose schema reads blanks as null have an unknown input type; on the page they are text inputs. */
const text = (meta: FieldMetadata<unknown>) => meta as FieldMetadata<string | undefined>;

function LicenseLink({ value, whose }: { value: string | undefined; whose: string }) {
  const license = LICENSES.find((l) => l.value === value);
  if (!license?.url) return <p className="field-hint">Others may not reuse {whose} without asking.</p>;
  return (
    <p className="field-hint">
      <a href={license.url} target="_blank" rel="noopener noreferrer">
        About {license.label}
      </a>
    </p>
  );
}

/**
 * The form's words: a member reads about 'my profile'; an admin editing
 * someone else reads about that member (never 'my profile' for another's page).
 */
export function profileFormWords(member: { firstName: string; lastName: string }, ownProfile: boolean) {
  if (ownProfile) {
    return {
      showProfile: "Show my profile to visitors",
      showProfileHint: "Visitors who are not logged in see your page and the photos you feature.",
      commentEmails: "E-mail me when someone comments on my photos",
      commentEmailsHint: "At most one e-mail per photo every 15 minutes, with the comments made meanwhile.",
      reminders: "E-mail me a reminder before each meeting",
      remindersHint:
        "Sent before each meeting you may upload to, with how many photos you may still upload; the recap of a meeting's results after it comes with them.",
      whosePhotos: "your photos",
      passwordHint: "Leave blank to keep your current password.",
    };
  }
  const name = `${member.firstName} ${member.lastName}`;
  return {
    showProfile: `Show ${name}'s profile to visitors`,
    showProfileHint: `Visitors who are not logged in see ${name}'s page and the photos ${member.firstName} features.`,
    commentEmails: `E-mail ${member.firstName} when someone comments on ${member.firstName}'s photos`,
    commentEmailsHint: "At most one e-mail per photo every 15 minutes, with the comments made meanwhile.",
    reminders: `E-mail ${member.firstName} a reminder before each meeting`,
    remindersHint: `Sent before each meeting ${member.firstName} may upload to, with how many photos are still allowed; the recap of a meeting's results after it comes with them.`,
    whosePhotos: `${member.firstName}'s photos`,
    passwordHint: `Leave blank to keep ${member.firstName}'s current password.`,
  };
}

/**
 * The one profile form: a member editing themself at
 * /members/{username}/edit, an admin editing anyone at /admin/members/{userId}.
 * 'Administrator' and 'Joined on' are shown to admins only.
 */
export function ProfileForm({
  member,
  isAdminEditor,
  lastResult,
  pictureMaxBytes,
}: {
  member: UserJson;
  isAdminEditor: boolean;
  lastResult?: SubmissionResult<string[]>;
  pictureMaxBytes: number;
}) {
  const [uploading, setUploading] = useState(false);
  // A member changing their own email or password confirms it with the current one; an admin editing someone else is not asked.
  const ownProfile = useRootData()?.member?.id === member.id;
  const words = profileFormWords(member, ownProfile);
  const { form, fields, hasFieldErrors } = useClubForm({
    id: `profile-${member.id}`,
    schema: ProfileSchema,
    lastResult,
    defaultValue: {
      firstName: member.firstName,
      lastName: member.lastName,
      username: member.username,
      email: member.email,
      phone: member.phone ?? "",
      bio: member.bio ?? "",
      website: member.website ?? "",
      isPublic: member.isPublic,
      commentEmails: member.commentEmails,
      meetingReminders: member.meetingReminders,
      license: member.license as z.input<typeof ProfileSchema>["license"],
      acquireLicensePage: member.acquireLicensePage ?? "",
      isAdmin: member.isAdmin,
      createdAt: member.createdAt.slice(0, 10),
    },
  });

  return (
    <Form method="post" {...getFormProps(form)} className="stack">
      <FormErrors id={form.errorId} errors={form.errors} hasFieldErrors={hasFieldErrors} />
      <PictureInput
        name={fields.picture.name}
        current={member}
        maxBytes={pictureMaxBytes}
        errors={fields.picture.errors}
        errorId={fields.picture.errorId}
        onBusyChange={setUploading}
      />
      <TextField label="First name" meta={fields.firstName} autoComplete="given-name" />
      <TextField label="Last name" meta={fields.lastName} autoComplete="family-name" />
      <TextField label="Username" meta={fields.username} autoComplete="username" />
      <TextField label="Email" meta={fields.email} type="email" autoComplete="email" />
      <TextField label="Phone" meta={text(fields.phone)} type="tel" autoComplete="tel" max={MAX_PHONE_LENGTH} />
      <TextAreaField label="Bio" meta={fields.bio} rows={5} max={MAX_BIO_LENGTH} />
      <TextField label="Website" meta={text(fields.website)} autoComplete="url" max={MAX_PROFILE_LINK_LENGTH} />
      <CheckboxField label={words.showProfile} meta={fields.isPublic} hint={words.showProfileHint} />
      <CheckboxField label={words.commentEmails} meta={fields.commentEmails} hint={words.commentEmailsHint} />
      <CheckboxField label={words.reminders} meta={fields.meetingReminders} hint={words.remindersHint} />
      <SelectField label="Default licence" meta={fields.license} options={LICENSES}>
        <LicenseLink value={fields.license.value} whose={words.whosePhotos} />
      </SelectField>
      <TextField label="Acquire licence page" meta={text(fields.acquireLicensePage)} max={MAX_PROFILE_LINK_LENGTH} />
      <fieldset className="form-section">
        <legend>Change password</legend>
        <p className="field-hint">{words.passwordHint}</p>
        <TextField
          label="Password"
          meta={text(fields.password)}
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_RULE_MESSAGE}
        />
        <TextField
          label="Confirm password"
          meta={text(fields.confirmPassword)}
          type="password"
          autoComplete="new-password"
        />
        {ownProfile ? (
          <>
            <TextField
              label="Current password"
              meta={text(fields.currentPassword)}
              type="password"
              autoComplete="current-password"
            />
            <p className="field-hint">Needed to change your email or password.</p>
          </>
        ) : null}
      </fieldset>
      {isAdminEditor ? (
        <fieldset className="form-section">
          <legend>Admin</legend>
          <CheckboxField label="Administrator" meta={fields.isAdmin} />
          <DateField label="Joined on" meta={text(fields.createdAt)} />
        </fieldset>
      ) : null}
      <div className="form-actions">
        <SubmitButton disabled={uploading}>Save</SubmitButton>
      </div>
    </Form>
  );
}
