const favorites = {
  meta: {
    title: "Favorites",
    description: "The listings you saved on Souqna, to find them again and compare.",
  },
  button: {
    add: "Save to favorites",
    remove: "Remove from favorites",
    saved: "Saved to favorites",
    loading: "Loading...",
  },
  toast: {
    added: "Added to favorites",
    removed: "Removed from favorites",
    errorTitle: "Error",
    addFailed: "There was an error adding this listing to favorites",
    removeFailed: "There was an error removing this listing from favorites",
    updateFailed: "There was an error updating your favorites",
  },
  page: {
    title: "Favorites",
    count_one: "{{formatted}} saved listing",
    count_other: "{{formatted}} saved listings",
    emptyTitle: "No favorites yet",
    emptyBody: "Tap the heart on any listing to keep it here and find it again later.",
    browse: "Browse Listings",
    loading: "Loading favorites...",
    loadFailed: "Failed to load favorites",
    retry: "Try Again",
    sold: "Sold",
    guestHint:
      "These favorites are saved on this device only. Log in to keep them in your account and see them on every device.",
    guestSignIn: "Log In",
    signInTitle: "Log in to see your favorites",
    signInBody:
      "Favorites you save while logged in are kept in your account. Saving without logging in needs JavaScript in your browser.",
    pageOf: "Page {{page}} of {{count}}",
    pagination: "Favorites pages",
  },
} as const;

export default favorites;
