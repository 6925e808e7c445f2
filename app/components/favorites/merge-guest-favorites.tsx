import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { FavoriteReply } from "~/domain/favorites/favorites-schemas";
import { readGuestFavorites, useGuestFavorites, writeGuestFavorites } from "./guest-favorites";

/**
 * Once a visitor who saved favourites in this browser is signed in, their list joins the account
 * (the server skips duplicates and anything unknown) and leaves the browser; the page then reloads
 * its data so the hearts show the account's state. A failure keeps the list for the next visit.
 */
export function MergeGuestFavorites({ signedIn }: { signedIn: boolean }) {
  const ids = useGuestFavorites();
  const { revalidate } = useRevalidator();
  const running = useRef(false);

  useEffect(() => {
    if (!signedIn || ids.length === 0 || running.current) return;
    running.current = true;
    const sent = [...ids];
    const body = new URLSearchParams({ intent: "merge" });
    for (const id of sent) body.append("id", id);
    fetch("/api/favorites", { method: "POST", headers: { Accept: "application/json" }, body })
      .then((response) => (response.ok ? (response.json() as Promise<FavoriteReply>) : null))
      .then((reply) => {
        if (!reply?.ok) return;
        writeGuestFavorites(readGuestFavorites().filter((id) => !sent.includes(id)));
        return revalidate();
      })
      .catch(() => undefined)
      .finally(() => {
        running.current = false;
      });
  }, [signedIn, ids, revalidate]);

  return null;
}
