import { Form, useNavigation } from "react-router";
import type { PhotoToChoose } from "~/lib/meetings";
import "../upload-grid.css";

/**
 * 'Choose from my photos' (the code's addition): the member's photos in no
 * meeting, each a button that submits it to this meeting, so a withdrawn photo
 * comes back without a duplicate upload. A plain form in a `<details>`: it
 * works without JavaScript.
 */
export function ChooseMyPhotos({ photos }: { photos: PhotoToChoose[] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (photos.length === 0) return null;
  return (
    <details className="choose-photos">
      <summary>Choose from my photos</summary>
      <p className="muted">Your photos not yet in a meeting, newest first. Choose one to add it to this meeting.</p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="submit-photo" />
        <ul className="choose-photos-grid" aria-label="My photos">
          {photos.map((photo) => {
            const name = photo.caption || photo.filename;
            return (
              <li key={photo.id}>
                <button type="submit" name="PhotoId" value={photo.id} disabled={busy} aria-label={`Add ${name}`}>
                  {photo.thumbUrl ? <img src={photo.thumbUrl} alt="" /> : <span className="thumb-missing" />}
                  <span>{name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </Form>
    </details>
  );
}
