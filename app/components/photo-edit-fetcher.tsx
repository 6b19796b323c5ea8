// A photo's edit form's fetcher and its 'Photo updated!', apart from the form
// (Conform and zod) so the photo detail, which says the photo was saved, loads
// the form itself only when its owner edits (detail/lazy-photo-edit-form.tsx).
import { useFetcher } from "react-router";
import type { PhotoFormReply } from "~/lib/photo-form-replies";

/** The fetcher of a photo's edit form, shared by the form and the detail that says it was saved. */
export function usePhotoEditFetcher(photoId: number) {
  const fetcher = useFetcher<PhotoFormReply>({ key: `photo-edit-${photoId}` });
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const result = reply && "result" in reply ? reply.result : undefined;
  const saved = reply && "message" in reply && typeof reply.message === "string" ? reply.message : null;
  return { fetcher, result, saved };
}

/** 'Photo updated!' beside the button that saved it, read out by screen readers. */
export function SavedNote({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <span role="status" className="status-note">
      {message}
    </span>
  );
}
