// Whether the owner is editing the photo: by Edit on this page, or without
// JavaScript by the form as a step of the address (?editPhoto=). A saved edit
// goes back to the view, which says so; another photo starts out of it.
import { startTransition, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { usePhotoEditFetcher } from "../photo-edit-fetcher";
import { EDIT_PHOTO_STEP, useHereWith, usePhotoStep } from "../photo-steps";

export function usePhotoEditing(photoId: number) {
  const navigate = useNavigate();
  const [editingHere, setEditing] = useState(false);
  useEffect(() => setEditing(false), [photoId]);
  const editingInAddress = usePhotoStep(EDIT_PHOTO_STEP, photoId);
  const hereWith = useHereWith();
  const stop = () => {
    setEditing(false);
    if (editingInAddress) void navigate(hereWith({ [EDIT_PHOTO_STEP]: null }), { replace: true });
  };
  const edit = usePhotoEditFetcher(photoId);
  const saved = edit.saved;
  // The save decides (each answer once); `stop` is remade every render.
  const stopNow = useRef(stop);
  stopNow.current = stop;
  useEffect(() => {
    if (saved) stopNow.current();
  }, [saved, edit.fetcher.data]);

  return {
    editing: editingHere || editingInAddress,
    // A transition: the form's code may still be on its way (lazy-photo-edit-form.tsx).
    start: () => startTransition(() => setEditing(true)),
    stop,
    /** 'Photo updated!' once a save is in. */
    saved,
    /** Edit's address without JavaScript. */
    editHref: hereWith({ [EDIT_PHOTO_STEP]: String(photoId) }),
  };
}

export type PhotoEditing = ReturnType<typeof usePhotoEditing>;
