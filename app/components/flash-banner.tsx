import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { flashFromState } from "~/lib/flash";

const STORAGE_KEY = "dismissedFlashes";

function dismissedKeys(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "[]") as string[];
  } catch {
    return [];
  }
}

/**
 * The one-time message passed through navigation state (or, after a server
 * redirect, the flash cookie). Dismissing it remembers this history entry, so
 * going back to it does not bring the message back.
 */
export function FlashBanner({ serverMessage }: { serverMessage: string | null }) {
  const location = useLocation();
  const message = flashFromState(location.state) ?? serverMessage;
  const entry = `${location.key}:${message}`;
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => setDismissed(dismissedKeys().includes(entry)), [entry]);

  if (!message || dismissed) return null;
  return (
    <div className="flash" role="status">
      <span>{message}</span>
      <button
        type="button"
        className="flash-dismiss"
        aria-label="Dismiss"
        onClick={() => {
          sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...dismissedKeys(), entry].slice(-50)));
          setDismissed(true);
        }}
      >
        ×
      </button>
    </div>
  );
}
