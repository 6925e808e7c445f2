/**
 * The one-time notices shown after a redirect (utils/flash.server.ts). The root's loader sends the
 * page's notice already translated, so these texts are not part of the shared catalog the browser
 * fetches on every page (decision 030); the server reads them as `common`'s `flash.*`
 * (resources.server.ts).
 */
const flash = {
  "signed-up": {
    title: "Account created successfully",
    body: "Please check your email to confirm your account",
  },
  "signed-out": { title: "Signed out", body: "See you soon on Souqna." },
  "password-updated": {
    title: "Password Updated",
    body: "Your other devices have been signed out.",
  },
  "signed-out-everywhere": {
    title: "Signed out everywhere",
    body: "Every device that was signed in to your account is now signed out.",
  },
  "account-deleted": {
    title: "Account deleted",
    body: "Your account and your ads have been removed. Thank you for using Souqna.",
  },
  "email-confirmed": { title: "E-mail confirmed", body: "Your account is now verified." },
  "phone-signed-up": {
    title: "Account created successfully",
    body: "Your number is verified. Add an e-mail in Settings if you want notices by e-mail.",
  },
  "email-added": {
    title: "Check your inbox",
    body: "We sent a confirmation link to your new address. E-mail notices start once it is confirmed.",
  },
  "rating-saved": {
    title: "Thank you for your rating",
    body: "It is on their page now. You can change it for 7 days.",
  },
  "rating-answered": { title: "Answer published", body: "Your answer is shown under the rating." },
  "rating-reported": { title: "Report sent", body: "A moderator will look at this rating." },
  "phone-verified": {
    title: "Your phone number is verified",
    body: "Buyers who ask for your number on your listings now see it, with the “Verified phone” mark.",
  },
  "profile-saved": { title: "Saved", body: "Your profile has been updated" },
  "listing-created": { title: "Listing Created", body: "Your listing has been posted" },
  "listing-updated": { title: "Listing Updated", body: "Your listing has been updated" },
  "listing-held": {
    title: "Sent for review",
    body: "A moderator checks your listing before it is published, usually within a few hours. We will tell you when they decide.",
  },
  "listing-deleted": { title: "Deleted", body: "Listing has been deleted successfully" },
  "listing-renewed": {
    title: "Renewed",
    body: "Your listing is back in search, with its favourites, conversations and views.",
  },
  "business-saved": {
    title: "Business page saved",
    body: "Your seller page shows it, and your listings carry its name.",
  },
  "business-removed": { title: "Personal page again", body: "Your seller page shows your name." },
  "listing-bumped": {
    title: "Bumped to the top",
    body: "Your listing is first among the newest again. Your next free bump is in 7 days.",
  },
  "message-sent": { title: "Message sent", body: "The seller will see it in their inbox." },
  "favorite-added": {
    title: "Added to favorites",
    body: "You will find it on your Favorites page.",
  },
  "favorite-removed": {
    title: "Removed from favorites",
    body: "It is no longer on your Favorites page.",
  },
  "conversation-reported": {
    title: "Report submitted",
    body: "Thank you. A moderator will read this conversation.",
  },
  "report-submitted": {
    title: "Report submitted",
    body: "Thank you. A moderator will review this listing.",
  },
  "moderation-saved": { title: "Done", body: "The decision is recorded in the audit log." },
  dismiss: "Dismiss",
} as const;

export default flash;
