/** A contact's picture, or its initials on a tint of its own when there is none. */
import { cx } from "../ui/cx.ts";
import { AVATAR_TINTS, avatarTint, initials } from "./format.ts";

export function ContactAvatar(
  { name, url, class: extra }: { name: string; url: string; class?: string },
) {
  const base = cx("grid size-9 shrink-0 place-items-center overflow-hidden rounded-full", extra);
  if (url) {
    return <img src={url} alt="" loading="lazy" class={cx(base, "object-cover")} />;
  }
  return (
    <span
      aria-hidden="true"
      class={cx(base, "text-xs font-semibold", AVATAR_TINTS[avatarTint(name)])}
    >
      {initials(name)}
    </span>
  );
}
