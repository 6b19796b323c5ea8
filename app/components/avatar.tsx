/** A member's picture: the thumbnail as a background when there is one, else their initials. */
export function Avatar({
  member,
  size = 32,
}: {
  member: { firstName: string; lastName: string; pictureThumbUrl: string | null };
  size?: number;
}) {
  const initials = `${member.firstName[0] ?? ""}${member.lastName[0] ?? ""}`.toUpperCase();
  return (
    <span
      className="avatar"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        backgroundImage: member.pictureThumbUrl ? `url(${JSON.stringify(member.pictureThumbUrl)})` : undefined,
      }}
    >
      {member.pictureThumbUrl ? null : initials}
    </span>
  );
}
