import type { CategoryJson } from "~/lib/competitions";
import { EntryFields } from "./entry-fields";
import { Form, useNavigation } from "react-router";
import { SEEN_WITH_NAME_WARNING, type PhotoToChoose } from "~/lib/meetings";
import "../upload-grid.css";

/**
 * 'Choose from my photos' (the code's addition): the member's photos in no
 * meeting, each a button that submits it to this meeting, so a withdrawn photo
 * comes back without a duplicate upload. A plain form in a `<details>`: it
 * works without JavaScript. In an anonymous meeting, a photo members have seen
 * with the member's name says so before it is chosen: they may recognise it.
 */
export function ChooseMyPhotos({
  photos,
  anonymous,
  categories = [],
}: {
  photos: PhotoToChoose[];
  anonymous: boolean;
  /** A competition's categories: the photo is entered in the one chosen, with a title. */
  categories?: CategoryJson[];
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (photos.length === 0) return null;
  const anySeen = anonymous && photos.some((photo) => photo.seenWithName);
  return (
    <details className="choose-photos">
      <summary>Choose from my photos</summary>
      <p className="muted">Your photos not yet in a meeting, newest first. Choose one to add it to this meeting.</p>
      {anySeen ? (
        <p className="notice warning" id="seen-with-name">
          This meeting is anonymous. {SEEN_WITH_NAME_WARNING} To stay anonymous, upload a photo nobody has seen.
        </p>
      ) : null}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="submit-photo" />
        {categories.length > 0 ? (
          <EntryFields categories={categories} titleHint="Its title, read out with it; left blank, its caption." />
        ) : null}
        <ul className="choose-photos-grid" aria-label="My photos">
          {photos.map((photo) => {
            const name = photo.caption || photo.filename;
            const warned = anonymous && photo.seenWithName;
            return (
              <li key={photo.id}>
                <button
                  type="submit"
                  name="PhotoId"
                  value={photo.id}
                  disabled={busy}
                  aria-label={`Add ${name}`}
                  aria-describedby={warned ? "seen-with-name" : undefined}
                >
                  {photo.thumbUrl ? <img src={photo.thumbUrl} alt="" /> : <span className="thumb-missing" />}
                  <span>{name}</span>
                  {warned ? <span className="seen-with-name">Seen with your name</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      </Form>
    </details>
  );
}
