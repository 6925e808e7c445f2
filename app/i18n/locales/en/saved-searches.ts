const savedSearches = {
  meta: {
    title: "Saved searches",
    description: "The searches you saved on Souqna, with the new listings that match them.",
  },
  page: {
    title: "Saved searches",
    intro:
      "We tell you about new listings that match a search you saved. Choose how often for each one.",
    count_one: "{{formatted}} of {{limit}} saved searches",
    count_other: "{{formatted}} of {{limit}} saved searches",
    emptyTitle: "No saved searches yet",
    emptyBody:
      "Search or open a category, choose the filters you want, then press “Save this search”.",
    browse: "Start searching",
    newMatches_one: "{{formatted}} new listing",
    newMatches_other: "{{formatted}} new listings",
    newMatchesMore: "{{formatted}}+ new listings",
    noNewMatches: "Nothing new since your last visit",
    open: "See results",
    savedOn: "Saved on {{date}}",
    list: "Your saved searches",
    fromSearch: "Search: {{name}}",
    saved: "Search saved",
    savedBody:
      "We will tell you about new listings that match it. You can rename it or change how often.",
    renamed: "Name saved",
    cadenceSaved: "Alerts updated",
    deleted: "Saved search deleted",
    notSaved: "The search was not saved",
  },
  rename: {
    label: "Name",
    submit: "Rename",
    saving: "Saving...",
  },
  cadence: {
    label: "Alerts",
    instant: "As soon as they are posted",
    daily: "Once a day",
    off: "Off",
    submit: "Save",
    saving: "Saving...",
  },
  remove: {
    submit: "Delete",
    deleting: "Deleting...",
    label: "Delete “{{name}}”",
  },
  save: {
    button: "Save this search",
    signIn: "Log in to save this search",
    saving: "Saving...",
    hint: "Get told about new listings that match.",
  },
  name: {
    separator: ", ",
    query: "“{{text}}”",
    upTo: "up to {{value}}",
    from: "from {{value}}",
    between: "{{min}}–{{max}}",
    yearFrom: "{{value}}+",
    kilometersUpTo: "up to {{value}} km",
    kilometersFrom: "from {{value}} km",
    kilometersBetween: "{{min}}–{{max}} km",
    everything: "All listings",
  },
} as const;

export default savedSearches;
