import { useEffect, useState } from "react";

/**
 * Copying an address shown in a read-only field (the calendar address, an
 * invite's link): `copy()` puts `text` on the clipboard and `copied` says
 * "yes"; where the browser refuses (no clipboard on an insecure page, a
 * permission), the field `inputId` is selected for copying by hand and
 * `copied` says "no". Back to null when the text changes.
 */
export function useCopy(text: string, inputId: string) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  useEffect(() => setCopied(null), [text]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("yes");
    } catch {
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      setCopied("no");
    }
  };
  return { copied, copy };
}
