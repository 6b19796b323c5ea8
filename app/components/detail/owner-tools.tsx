// The owner's tools under their photo: Edit (the form in
// place, or without JavaScript a step of the address), the featured year and
// Delete, which goes back to the list.
import { Link } from "react-router";
import type { PhotoDetailData } from "~/lib/photo-detail-json";
import { FeatureYearSelect } from "../feature-year-select";
import { DeletePhotoButton } from "../delete-photo";
import { LazyPhotoEditForm, prefetchPhotoEditForm } from "../lazy-photo-edit-form";
import { SavedNote } from "../photo-edit-fetcher";
import { useHydrated } from "../use-hydrated";
import type { PhotoEditing } from "./use-photo-editing";

export function OwnerTools({
  photo,
  featureYears,
  editing,
  back,
}: {
  photo: PhotoDetailData["photo"];
  featureYears: number[];
  editing: PhotoEditing;
  /** The list Delete goes back to. */
  back: string;
}) {
  const hydrated = useHydrated();
  return (
    <div className="owner-tools">
      {editing.editing ? (
        <LazyPhotoEditForm photo={photo} onCancel={editing.stop} />
      ) : (
        <div className="form-actions">
          {hydrated ? (
            <button type="button" className="button" onClick={editing.start} {...prefetchPhotoEditForm}>
              Edit
            </button>
          ) : (
            <Link to={editing.editHref} className="button">
              Edit
            </Link>
          )}
          <SavedNote message={editing.saved} />
        </div>
      )}
      <FeatureYearSelect photoId={photo.id} year={photo.Feature?.year ?? null} years={featureYears} />
      <DeletePhotoButton photoId={photo.id} returnTo={back} />
    </div>
  );
}
