// A bare page: a static grid of the same 24 photos, from memory, rendered by React Router.
import type { BaselinePhoto } from "../photos.server";

export async function loader() {
  const { photos } = await import("../photos.server");
  return { photos };
}

export default function Grid({ loaderData }: { loaderData: { photos: BaselinePhoto[] } }) {
  return (
    <main>
      <h1>Photos</h1>
      <ul>
        {loaderData.photos.map((photo) => (
          <li key={photo.id}>
            <a href={`/browse/${photo.id}`}>
              <img src={photo.thumbUrl ?? ""} alt={photo.caption ?? ""} loading="lazy" width={300} height={200} />
            </a>
            <span>{photo.User.username}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
