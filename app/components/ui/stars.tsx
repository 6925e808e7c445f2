import type { StarsView } from "~/views/common/rating-views.server";
import { Icon } from "./icon";

/** Five stars, the first `value` filled (halves round up), read out as "4 stars out of 5". */
export function Stars({ stars, size = "size-4" }: { stars: StarsView; size?: string }) {
  return (
    <span className="inline-flex shrink-0 items-center" role="img" aria-label={stars.label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon
          key={n}
          name="star"
          className={`${size} ${n <= Math.ceil(stars.value) ? "fill-amber-400 text-amber-500" : "text-slate-300"}`}
        />
      ))}
    </span>
  );
}
