/** A member's photo, or their initial on the brand colour. */
export function Avatar({
  member,
  size = "size-9",
}: {
  member: { avatarUrl: string | null; initial: string };
  size?: string;
}) {
  if (member.avatarUrl) {
    return (
      <img
        src={member.avatarUrl}
        alt=""
        className={`${size} rounded-full object-cover`}
        width={36}
        height={36}
      />
    );
  }
  return (
    <span
      className={`${size} flex items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white`}
      aria-hidden
    >
      {member.initial}
    </span>
  );
}
