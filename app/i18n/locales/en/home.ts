const home = {
  metaTitle: "Souqna — buy and sell in Syria",
  metaDescription:
    "Souqna is a free classified-ads marketplace for Syria: cars, flats, jobs, phones, furniture and services, in Arabic and English.",
  hero: {
    title: "Discover • Connect • Trade in Syria",
    subtitle:
      "Cars, flats, phones, furniture, jobs and services from people near you — and from Syrians everywhere.",
    postAd: "Post Your Ad",
    howItWorks: "How It Works",
  },
  categories: {
    title: "Browse by category",
    listings_one: "{{display}} listing",
    listings_other: "{{display}} listings",
  },
  latest: {
    title: "Latest listings",
    viewAll: "View All Listings",
  },
  features: {
    title: "Why Souqna",
    advancedSearch: {
      title: "Advanced Search",
      body: "Search in Arabic or English and narrow down by city, price and details.",
    },
    messaging: {
      title: "Direct Messaging",
      body: "Talk to sellers directly, or continue on WhatsApp when you are ready.",
    },
    featured: {
      title: "Featured Ads",
      body: "Sellers can make an ad stand out so the right buyers see it first.",
    },
    safe: {
      title: "Safe & Secure",
      body: "Verified e-mails, reporting and moderation keep scammers out.",
    },
  },
  howItWorks: {
    title: "How It Works",
    steps: [
      { title: "Create an account", body: "Sign up free with your e-mail in under a minute." },
      {
        title: "Post your ad",
        body: "Add a title, price, photos and details. Your draft is kept even if the connection drops.",
      },
      {
        title: "Meet and trade",
        body: "Buyers message you or call you. Meet somewhere public and check before you pay.",
      },
    ],
  },
  cta: {
    title: "Ready to sell something?",
    body: "Join {{members}} who buy and sell on Souqna.",
    bodyEmpty: "Be one of the first members of Souqna.",
    signUp: "Sign up free",
    members_one: "{{display}} member",
    members_other: "{{display}} members",
  },
} as const;

export default home;
