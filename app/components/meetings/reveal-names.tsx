import { Form, useNavigation } from "react-router";
import { ConfirmButton } from "../confirm-button";

export const REVEAL_QUESTION =
  "Reveal who submitted each photo? Everyone sees the names at once, on every screen, and the recap e-mails go out. This cannot be undone.";

/**
 * An anonymous meeting before its reveal (issue 26): says that the names are
 * hidden, and gives admins 'Reveal names' (asked first: ConfirmButton, which
 * without JavaScript opens the question in place and posts a plain form).
 */
export function RevealNames({ mayReveal }: { mayReveal: boolean }) {
  const navigation = useNavigation();
  return (
    <div className="reveal-names" role="note">
      <p>
        <strong>Anonymous review.</strong> Nobody sees who submitted each photo until an admin reveals the names; your
        own photos say &lsquo;Your photo&rsquo;.
      </p>
      {mayReveal ? (
        <Form method="post" className="reveal-form">
          <ConfirmButton
            name="intent"
            value="reveal"
            className="button primary"
            question={REVEAL_QUESTION}
            disabled={navigation.state === "submitting"}
          >
            Reveal names
          </ConfirmButton>
        </Form>
      ) : null}
    </div>
  );
}
