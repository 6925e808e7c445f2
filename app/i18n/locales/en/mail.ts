const mail = {
  greeting: "Hello {{name}},",
  signature: "The Souqna team",
  footer:
    "You received this e-mail because of an action on your Souqna account. Questions? Write to {{supportEmail}}.",
  linkFallback: "If the button does not work, copy this address into your browser:",
  confirm: {
    subject: "Confirm your e-mail address for Souqna",
    intro:
      "Thank you for joining Souqna. Please confirm your e-mail address so buyers and sellers can see your account is verified.",
    button: "Confirm my e-mail",
    validity: "This link works for 3 days.",
    notYou: "If you did not create an account, you can ignore this e-mail.",
  },
  reset: {
    subject: "Reset your Souqna password",
    intro: "Someone — hopefully you — asked to reset the password of your Souqna account.",
    button: "Choose a new password",
    validity: "This link works once, for 1 hour.",
    notYou: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  },
  changed: {
    subject: "Your Souqna password was changed",
    intro:
      "The password of your Souqna account was changed on {{when}}. Every device that was signed in has been signed out.",
    button: "Reset my password",
    notYou:
      "If this was not you, reset your password now and write to {{supportEmail}} so we can help secure your account.",
  },
  devMail: {
    title: "Outbox",
    intro:
      "Mail Souqna would have sent. It is kept here because no SMTP server is configured (SMTP_URL).",
    empty: "No mail yet.",
    to: "To",
    subject: "Subject",
    date: "Date",
    open: "Open",
    back: "Back to the outbox",
    links: "Links in this message",
    plainText: "Plain text",
  },
};

export default mail;
