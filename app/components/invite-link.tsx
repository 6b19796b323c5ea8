import { useId } from "react";
import { useCopy } from "./use-copy";
import { CopyRow, CopyStatus } from "./copy-row";

/**
 * A pending invite's link on the admin's members page, to hand over by hand
 * when no mail server sends it (or the e-mail went astray): always shown in a
 * read-only field that selects itself, so it can be copied without
 * JavaScript; with it, 'Copy link' copies it and says so.
 */
export function InviteLink({ url, name }: { url: string; name: string }) {
  const inputId = useId();
  const { copied, copy } = useCopy(url, inputId);
  return (
    <div className="invite-link">
      <CopyRow
        id={inputId}
        value={url}
        aria-label={`Invite link for ${name}`}
        onCopy={() => void copy()}
        button="Copy link"
        buttonLabel={`Copy link for ${name}`}
        buttonClassName="button small"
      />
      <CopyStatus copied={copied} done="Link copied." byHand="Select the link and copy it." />
    </div>
  );
}
