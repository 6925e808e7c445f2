const mail = {
  greeting: "Hello {{name}},",
  // To an address nobody has confirmed yet: whoever signed up with it chose the name.
  greetingNoName: "Hello,",
  // Under every e-mail that quotes what a member wrote (a name, a title, a search's name).
  memberText:
    "Text in quotation marks was written by members of Souqna, not by us. We never ask for your password or for a payment by e-mail.",
  signature: "The Souqna team",
  footer:
    "You received this e-mail because of an action on your Souqna account. Questions? Write to us at {{supportEmail}}.",
  linkFallback: "If the button does not work, copy this address into your browser:",
  confirm: {
    subject: "Confirm your e-mail address for Souqna",
    intro:
      "Thank you for joining Souqna. Please confirm your e-mail address: it gives your account the “Verified Member” badge and lets you post more than 2 listings.",
    button: "Confirm my e-mail",
    validity: "This link is valid for 3 days.",
    notYou:
      "If you did not sign up for Souqna, you can ignore this e-mail: the address will not be confirmed.",
  },
  reset: {
    subject: "Reset your Souqna password",
    intro:
      "We received a request to reset the password of your Souqna account. To choose a new one, open the link below.",
    button: "Choose a new password",
    validity: "This link is valid for 1 hour and works only once.",
    notYou:
      "If you did not ask for this, ignore this e-mail: your password stays as it is, and nobody can change it without this link.",
  },
  changed: {
    subject: "Your Souqna password was changed",
    intro:
      "The password of your Souqna account was changed on {{when}}. For your safety, your other devices have been signed out.",
    button: "Reset my password",
    notYou:
      "If this was not you, reset your password now on the “Forgot password” page and write to us at {{supportEmail}} so we can help you secure your account.",
  },
  phoneTaken: {
    subject: "Your phone number was moved to another Souqna account",
    intro:
      "Another Souqna account has just proved, with a code sent by SMS to {{phone}}, that it holds this number. The number is no longer on your account, and buyers no longer see it on your listings.",
    button: "Open my settings",
    notYou:
      "If the number is still yours, add it again in your settings: a new code will be sent to it. If you did not expect this, write to us at {{supportEmail}}.",
  },
  signUpAttempt: {
    subject: "Someone tried to create a Souqna account with your address",
    intro:
      "Someone just tried to create a new Souqna account with this e-mail address, which already has an account. No new account was made. If it was you, sign in instead; if you forgot your password, you can choose a new one.",
    button: "Sign in to Souqna",
    notYou:
      "If it was not you, you do not need to do anything: your account and password are unchanged.",
  },
  expiring: {
    subject: "Your listing on Souqna expires on {{date}}",
    intro:
      "Your listing “{{title}}” leaves Souqna's search on {{date}}. If it is still for sale, renew it with one click: it keeps its address, its favourites, its conversations and its views.",
    button: "Renew my listing",
    validity:
      "The link works once and does not ask you to sign in. You can also renew it from My listings.",
    notYou:
      "If you have sold it or no longer need it, you do not need to do anything: it will leave search on its own.",
  },
  unsubscribe: "Don't want these e-mails? Turn them off with one click:",
  unread: {
    subject: "You have an unread message on Souqna",
    intro:
      "A member named “{{sender}}” wrote to you on Souqna about the listing “{{title}}”, and the message is still unread. Answer from the conversation: buyers who hear back soon are the ones who buy.",
    button: "Open the conversation",
    notYou:
      "We send at most one e-mail per conversation an hour, and never the message itself: read it on Souqna.",
  },
  unreadDigest: {
    subject_one: "You have unread messages in {{formatted}} conversation",
    subject_other: "You have unread messages in {{formatted}} conversations",
    intro: "These conversations on Souqna have messages you have not read yet:",
    item: "From “{{sender}}” about “{{title}}”",
    button: "Open my messages",
    notYou:
      "We send at most one e-mail per conversation an hour, and never the messages themselves: read them on Souqna.",
  },
  priceDrop: {
    subject: "A listing in your favourites is cheaper now",
    intro:
      "The listing “{{title}}”, which you saved on Souqna, now costs {{newPrice}} instead of {{oldPrice}}.",
    button: "See the listing",
    notYou:
      "You get this e-mail because the listing is in your favourites. Remove it from your favourites to hear no more about it.",
  },
  listingApproved: {
    subject: "Your listing is published on Souqna",
    intro:
      "A moderator has checked your listing “{{title}}” and published it. Buyers can find it in search from now on.",
    button: "See my listing",
    notYou: "You get this e-mail because you posted this listing on Souqna.",
  },
  listingRejected: {
    subject: "Your listing on Souqna was not published",
    intro:
      "A moderator has checked your listing “{{title}}” and did not publish it. The moderator's reason: {{reason}}. You can edit the listing to fix it and send it for review again.",
    button: "Edit my listing",
    notYou:
      "If you think this is a mistake, answer this e-mail or write to {{supportEmail}}. Never pay anyone who offers to publish it for you: Souqna's moderators never ask for money.",
  },
  favoriteSold: {
    subject: "A listing in your favourites was sold",
    intro:
      "The listing “{{title}}”, which you saved on Souqna, has been marked as sold by its seller.",
    button: "See the listing",
    notYou: "You get this e-mail because the listing is in your favourites.",
  },
  favoriteAvailable: {
    subject: "A listing in your favourites is available again",
    intro:
      "The listing “{{title}}”, which you saved on Souqna, was reserved for another buyer and is available again.",
    button: "See the listing",
    notYou: "You get this e-mail because the listing is in your favourites.",
  },
  savedSearchAlert: {
    subject_one: "{{formatted}} new listing for your saved search",
    subject_other: "{{formatted}} new listings for your saved search",
    intro: "New listings on Souqna match your saved search “{{search}}”:",
    item: "“{{title}}” — {{price}}: {{url}}",
    more_one: "and {{formatted}} more",
    more_other: "and {{formatted}} more",
    button: "See all the results",
    notYou:
      "You get this e-mail because you saved this search. Choose how often (at once, daily or never) in Saved searches.",
  },
  // Web Push notifications (decision 021): the title is the e-mail's subject, this is the body.
  push: {
    alert: "{{title}} — {{price}}",
    priceDrop: "Now {{newPrice}} instead of {{oldPrice}}.",
    sold: "The seller marked it as sold.",
    available: "It was reserved and is available again.",
  },
  devMail: {
    title: "Outbox",
    intro:
      "Mail Souqna would have sent. It is kept here because no SMTP server is configured; set SMTP_URL to deliver real mail.",
    empty:
      "No mail yet. Create an account or ask for a password reset, and the message will appear here.",
    to: "To",
    subject: "Subject",
    date: "Date",
    open: "Open",
    back: "Back to the outbox",
    links: "Links in this message",
    linksHint: "Follow a link from here, as the recipient would.",
    plainText: "Plain text",
    htmlView: "HTML version",
    htmlFrame: "The message as the recipient sees it",
  },
  devSms: {
    title: "Text messages",
    intro:
      "Text messages Souqna would have sent. They are kept here because no SMS gateway is configured; set SMS_URL to send real ones.",
    empty: "No text messages yet. Ask for a code by SMS, and the message will appear here.",
    to: "To",
    message: "Message",
    date: "Date",
  },
  // Text messages (SMS): short, no link, the code first so a phone's notification shows it.
  sms: {
    phoneCode:
      "{{code}} is your Souqna code. It expires in 10 minutes. Never share it: Souqna will never ask you for it.",
  },
} as const;

export default mail;
