const statistics = {
  meta: {
    dashboard: "Your statistics",
    dashboardDescription:
      "How people find and contact you: views, favourites and contacts per day.",
    listing: "Statistics: {{title}}",
  },
  dashboard: {
    title: "Your statistics",
    intro: "All your listings together. Each is counted once per person a day.",
    listingsTitle: "Your listings over these days",
    noListings: "Post a listing and its figures will show here.",
    columns: { title: "Listing", status: "Status" },
    open: "Statistics of {{title}}",
  },
  listing: {
    title: "Statistics",
    posted: "Posted {{date}}",
    bumped: "Bumped to the top {{date}}",
    lifetime:
      "Since it was posted: {{views}} views, {{favorites}} favourites, {{contacts}} contacts.",
    view: "View listing",
  },
  back: "My Listings",
  dashboardLink: "All your statistics",
  rangeLabel: "Period",
  range_one: "{{formatted}} day",
  range_other: "{{formatted}} days",
  kinds: {
    views: "Views",
    impressions: "Shown in results",
    favorites: "Added to favourites",
    phoneReveals: "Phone number shown",
    whatsappTaps: "WhatsApp taps",
    conversations: "Conversations started",
  },
  change: {
    up: "Up {{percent}} % on the {{days}} days before",
    down: "Down {{percent}} % on the {{days}} days before",
    same: "As in the {{days}} days before",
  },
  chart: {
    title: "Views and contacts per day",
    label_one:
      "Views and contacts over the last {{formatted}} day: {{views}} views and {{contacts}} contacts. The table below has every figure.",
    label_other:
      "Views and contacts per day over the last {{formatted}} days: {{views}} views and {{contacts}} contacts in all. The table below has every figure.",
    barTitle_one: "{{day}}: {{formatted}} view",
    barTitle_other: "{{day}}: {{formatted}} views",
    contacts: "Contacts: phone, WhatsApp and messages",
  },
  table: {
    show: "Show the figures as a table",
    caption_one: "Each day of the last {{formatted}} day",
    caption_other: "Each day of the last {{formatted}} days",
    day: "Day",
  },
  empty: "No figures for these days yet. They appear as people find your listings in search.",
} as const;

export default statistics;
