// How a camera reads in the photo details (spec section 3): EXIF Make and Model
// often repeat the maker ('Canon' + 'Canon EOS R5'), so a model that already
// starts with the make is shown alone.

export function cameraName(make: string | null | undefined, model: string | null | undefined): string | null {
  const maker = make?.trim() ?? "";
  const name = model?.trim() ?? "";
  if (!name) return maker || null;
  if (!maker) return name;
  const firstWord = maker.split(/\s+/)[0]!.toLowerCase();
  // 'NIKON CORPORATION' + 'NIKON D70' reads 'NIKON D70': the model starts with the make's first word.
  if (name.toLowerCase().startsWith(maker.toLowerCase()) || name.toLowerCase().split(/\s+/)[0] === firstWord) return name;
  return `${maker} ${name}`;
}
