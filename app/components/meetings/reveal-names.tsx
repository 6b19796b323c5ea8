import { ConfirmForm } from "../confirm-form";

export const REVEAL_QUESTION =
  "Reveal who submitted each photo? Everyone sees the names at once, on every screen, and the recap e-mails go out. This cannot be undone.";

/**
 * An anonymous meeting before its reveal: says that the names are
 * hidden, and gives admins 'Reveal names' (asked first: ConfirmForm, which
 * without JavaScript opens the question in place and posts a plain form).
 */
export function RevealNames({ mayReveal }: { mayReveal: boolean }) {
  return (
    <div className="reveal-names" role="note">
      <p>
        <strong>Anonymous review.</strong> Nobody sees who submitted each photo until an admin reveals the names; your
        own photos say &lsquo;Your photo&rsquo;.
      </p>
      {mayReveal ? (
        <ConfirmForm intent="reveal" formClassName="reveal-form" className="button primary" question={REVEAL_QUESTION}>
          Reveal names
        </ConfirmForm>
      ) : null}
    </div>
  );
}
