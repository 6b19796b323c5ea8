// What a photo is called where a name is needed (an image's alt, a page's or
// the viewer's title): its caption, else whose it is (plain 'Photo' while an
// anonymous review hides the author). Never 'Untitled', which said nothing
// under a page of captionless street photos.
type Labelled = { caption: string | null; User: { firstName: string; lastName: string } | null };

export function photoLabel(photo: Labelled): string {
  if (photo.caption) return photo.caption;
  return photo.User ? `Photo by ${photo.User.firstName} ${photo.User.lastName}` : "Photo";
}
