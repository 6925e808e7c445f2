/**
 * The installed app's own texts: the web app manifest (routes/manifest[.]webmanifest.ts) names
 * the app, describes it and labels its shortcuts. Written on the server only, so they stay out of
 * the shared catalog the browser fetches; the server reads them as `common`'s `webApp.*`
 * (resources.server.ts).
 */
const webApp = {
  name: "Souqna · Syria's marketplace",
  shortName: "Souqna",
  description:
    "Buy and sell in Syria: cars, flats, jobs, phones, furniture and services, in Arabic and English.",
  shortcuts: {
    postAd: "Place Ad",
    search: "Search",
    messages: "Messages",
  },
} as const;

export default webApp;
