/**
 * Error messages written on the server (actions, loaders, APIs). They reach the browser already
 * translated, inside loader or action data, so they are not part of the shared catalog the
 * browser fetches on every page (decision 030); the server reads them as `common`'s `errors.*`
 * (resources.server.ts).
 */
const errors = {
  required: "This field is required",
  missingCredentials: "You must provide either an email or phone number and a password",
  invalidEmail: "Please enter a valid e-mail address",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: "Password must be at most 128 characters",
  passwordsDoNotMatch: "Passwords do not match",
  nameTooLong: "Please keep the name under 100 characters",
  invalidResetLink: "This reset link is invalid or has expired. Ask for a new one.",
  languageInvalid: "Please choose English or Arabic",
  deleteNotConfirmed: "Please tick the box to confirm",
  INVALID_CREDENTIALS: "Invalid email or password",
  EMAIL_TAKEN: "An account with this e-mail already exists. Sign in, or reset your password.",
  PASSWORD_TOO_SHORT: "Password must be at least 8 characters",
  PASSWORD_TOO_LONG: "Password must be at most 128 characters",
  PASSWORD_TOO_COMMON:
    "This password is one of the most common ones and easy to guess. Please choose another.",
  PASSWORDS_DO_NOT_MATCH: "Passwords do not match",
  INVALID_EMAIL: "Please enter a valid e-mail address",
  REQUIRED_FIELDS: "Please fill in all required fields",
  INVALID_RESET_LINK: "This reset link is invalid, expired or already used. Ask for a new one.",
  INVALID_CONFIRMATION_LINK:
    "This confirmation link is invalid or has expired. Ask for a new one below.",
  SIGN_IN_AGAIN_TO_DELETE:
    "For your safety, sign in again with your phone number, then delete your account within 15 minutes.",
  WRONG_CURRENT_PASSWORD: "The current password is not correct",
  ACCOUNT_SUSPENDED:
    "This account is suspended and cannot sign in. If you think this is a mistake, contact support.",
  RATE_LIMITED_one: "Too many attempts. Please try again in {{formatted}} minute.",
  RATE_LIMITED_other: "Too many attempts. Please try again in {{formatted}} minutes.",
  AUTH_REQUIRED: "You must be logged in",
  NOT_FOUND: "We could not find what you were looking for",
  FORBIDDEN: "You are not allowed to do that",
  USERNAME_TAKEN: "This username is taken. Please choose another.",
  USERNAME_INVALID: "Usernames are 3 to 30 characters: lowercase letters a–z, digits and _",
  PHONE_INVALID: "Please enter a valid phone number, e.g. 0944 123 456 or +49 151 2345678",
  PHONE_REQUIRED: "Please enter your mobile number",
  PHONE_CODE_REQUIRED: "Please enter the code from the text message",
  PHONE_CODE_SHAPE: "The code is the 6 digits in the text message",
  PHONE_NOT_MOBILE: "We can only send a code to a mobile number. Please enter your mobile number.",
  PHONE_COUNTRY_NOT_SERVED: "We cannot send text messages to numbers in that country yet.",
  PHONE_CODE_WAIT_one: "Please wait {{formatted}} minute before asking for another code.",
  PHONE_CODE_WAIT_other: "Please wait {{formatted}} minutes before asking for another code.",
  PHONE_CODE_LIMIT: "Too many codes were asked for. Please try again tomorrow.",
  PHONE_CODE_WRONG_one: "That code is not right. {{formatted}} try left.",
  PHONE_CODE_WRONG_other: "That code is not right. {{formatted}} tries left.",
  PHONE_CODE_EXPIRED: "This code has expired or was tried too often. Please ask for a new one.",
  PHONE_SIGN_UP_EXPIRED:
    "Too much time has passed since you typed the code. Please ask for a new code to create your account.",
  LOCATION_INVALID: "Please choose a location from the list",
  NAME_REQUIRED: "Please enter your full name",
  NAME_TOO_LONG: "Please keep the name under 100 characters",
  IMAGE_NOT_IMAGE: "Only image files are allowed",
  IMAGE_TOO_LARGE: "Image is too large (max 2MB)",
  IMAGE_UNREADABLE: "This image could not be read. Please try another one.",
  LISTING_IMAGE_TOO_LARGE: "Each photo must be at most 15 MB",
  TOO_MANY_IMAGES: "You can add at most 10 photos to a listing",
  titleTooLong: "Please keep the title under 120 characters",
  descriptionTooLong: "Please keep the description under 5,000 characters",
  priceInvalid: "Please enter the price as a whole number of Syrian pounds, e.g. 1,500,000",
  priceTooHigh: "The price cannot be more than 100,000,000,000 SYP",
  fieldRequired: "{{label}} is required",
  fieldInvalid: "Please choose a valid value for {{label}}",
  fieldTooLong: "Please keep {{label}} under 200 characters",
  INVALID_LISTING_FORM: "Some fields are missing or invalid. Please check the form and try again.",
  CATEGORY_REQUIRED: "Please select a category",
  INVALID_LISTING_ID: "Invalid listing ID",
  LISTING_NOT_FOUND: "Listing not found",
  NOT_OWNER: "You cannot edit this listing",
  LISTING_HELD:
    "A moderator is reviewing this listing, so it cannot be edited until they decide. Contact support if you think this is a mistake.",
  LISTING_NOT_UNDER_REVIEW:
    "This listing is no longer waiting for review: another moderator may have decided already.",
  SCREENING_WORD_REQUIRED: "Please write a word or phrase, with at least one letter or digit",
  SCREENING_WORD_TOO_LONG: "Please keep it under 60 characters: a word or a short phrase",
  SCREENING_WORD_EXISTS: "This word is already on the list (spelling variants count as the same)",
  SCREENING_WORDS_FULL:
    "The list holds 500 words, its limit: remove one that no longer helps before adding another",
  SCREENING_WORD_NOT_FOUND:
    "This word is no longer on the list: another moderator may have removed it",
  BUSINESS_NAME_REQUIRED: "Please write your business's name",
  BUSINESS_NAME_TOO_LONG: "Please keep the name under 80 characters",
  BUSINESS_LINE_TOO_LONG: "Please keep this under 200 characters",
  BUSINESS_DESCRIPTION_TOO_LONG: "Please keep the description under 1,000 characters",
  BUSINESS_WEBSITE_INVALID: "Please write a web address like https://example.com",
  LISTING_NOT_BUMPABLE:
    "Only an active listing that is not reserved can be bumped to the top. Mark it as available first.",
  BUMP_TOO_SOON: "A free bump is once a week. You can bump this listing again on {{date}}.",
  LISTING_NOT_RENEWABLE:
    "Only an active or expired listing can be renewed. Mark it as active first if you want it back in search.",
  INVALID_RENEW_LINK:
    "This renewal link is no longer valid: it was already used, or the listing was changed. Sign in and renew the listing from My listings.",
  INVALID_UNSUBSCRIBE_LINK:
    "This unsubscribe link is not valid: it may have been cut short. Sign in and change your notifications in Settings.",
  PHONE_REVEAL_UNCONFIRMED:
    "Confirm your e-mail address, or verify your phone number in Settings, to see sellers' phone numbers.",
  LISTING_NOT_RESERVABLE:
    "Only a listing that is on the market can be reserved. Show it again first, or mark it sold.",
  LISTING_REMOVED:
    "A moderator has hidden this listing, so its status cannot be changed. Contact support if you think this is a mistake.",
  UNCONFIRMED_LIMIT:
    "Confirm your e-mail address, or verify your phone number in Settings, to post more than 2 listings",
  // Rate limits say when the member can go on: minutes within the hour, hours beyond it.
  POSTING_RATE_LIMITED_one:
    "You have posted many listings in a short time. You can post again in {{formatted}} minute.",
  POSTING_RATE_LIMITED_other:
    "You have posted many listings in a short time. You can post again in {{formatted}} minutes.",
  postingRateLimitedHours_one:
    "You have posted many listings in a short time. You can post again in {{formatted}} hour.",
  postingRateLimitedHours_other:
    "You have posted many listings in a short time. You can post again in {{formatted}} hours.",
  LISTING_CHANGE_RATE_LIMITED_one:
    "You have changed your listings many times in a short time. You can save changes again in {{formatted}} minute.",
  LISTING_CHANGE_RATE_LIMITED_other:
    "You have changed your listings many times in a short time. You can save changes again in {{formatted}} minutes.",
  PHOTO_RATE_LIMITED_one:
    "You have sent many photos in a short time. You can add more in {{formatted}} minute.",
  PHOTO_RATE_LIMITED_other:
    "You have sent many photos in a short time. You can add more in {{formatted}} minutes.",
  INVALID_REQUEST: "This request could not be understood. Please reload the page and try again.",
  UNEXPECTED: "An unexpected error occurred",
  REPORT_REASON_REQUIRED: "Please choose why you are reporting this listing",
  REPORT_DETAILS_REQUIRED: "Please describe the problem so a moderator can check it",
  REPORT_DETAILS_TOO_LONG: "Please keep the details under 2,000 characters",
  ALREADY_REPORTED:
    "You have already reported this listing. A moderator will review it; there is no need to report it again.",
  CANNOT_REPORT_OWN_LISTING: "You cannot report your own listing",
  CONVERSATION_REPORT_REASON_REQUIRED: "Please choose why you are reporting this conversation",
  CONVERSATION_ALREADY_REPORTED:
    "You have already reported this conversation. A moderator will read it; there is no need to report it again.",
  CANNOT_FAVORITE_OWN_LISTING: "You cannot save your own listing to your favorites",
  MODERATION_REASON_REQUIRED: "Please write a reason: it is kept in the audit log",
  MODERATION_REASON_TOO_LONG: "Please keep the reason under 500 characters",
  NO_OPEN_REPORTS: "This listing has no open reports any more. The page has been refreshed.",
  LISTING_NOT_HIDDEN: "This listing is not hidden, so there is nothing to restore",
  OWNER_IS_SUSPENDED:
    "The owner's account is suspended. Lift the suspension to show their listings again.",
  MEMBER_ALREADY_SUSPENDED: "This member is already suspended",
  MEMBER_NOT_SUSPENDED: "This member is not suspended",
  CANNOT_SUSPEND_MODERATOR:
    "Moderators cannot be suspended. Change their role from the command line first.",
  CANNOT_MESSAGE_OWN_LISTING:
    "This is your own listing. Buyers who write to you appear in your inbox.",
  MESSAGE_EMPTY: "Please write a message before sending",
  MESSAGE_TOO_LONG:
    "Messages can be at most 2,000 characters. Please shorten it or send it in parts.",
  MESSAGE_RATE_LIMITED_one:
    "You are sending messages too quickly. Please wait {{formatted}} second and try again.",
  MESSAGE_RATE_LIMITED_other:
    "You are sending messages too quickly. Please wait {{formatted}} seconds and try again.",
  CONVERSATION_RATE_LIMITED_one:
    "You have written to many sellers in a short time. You can start another conversation in {{formatted}} minute.",
  CONVERSATION_RATE_LIMITED_other:
    "You have written to many sellers in a short time. You can start another conversation in {{formatted}} minutes.",
  BLOCKED_BY_MEMBER: "This member has blocked you, so you cannot send them messages.",
  MEMBER_BLOCKED: "You blocked this member. Unblock them to send a message.",
  RATING_STARS_REQUIRED: "Please choose from 1 to 5 stars",
  RATING_TAG_UNKNOWN: "Please choose tags from the list",
  RATING_TOO_MANY_TAGS: "Please choose up to 3 tags",
  RATING_COMMENT_TOO_LONG: "Please keep the comment under 500 characters",
  RATING_NO_EXCHANGE: "You can rate a member once you have both written in this conversation.",
  RATING_TOO_EARLY_one:
    "You can rate this member in {{formatted}} hour, or as soon as the listing is marked sold.",
  RATING_TOO_EARLY_other:
    "You can rate this member in {{formatted}} hours, or as soon as the listing is marked sold.",
  RATING_BLOCKED: "You cannot rate a member when one of you has blocked the other.",
  RATING_EDIT_CLOSED:
    "A rating can be changed for 7 days after it is given. This one can no longer be changed.",
  RATING_REPLY_EMPTY: "Please write your answer",
  RATING_REPLY_TOO_LONG: "Please keep your answer under 500 characters",
  RATING_ALREADY_ANSWERED: "You have already answered this rating.",
  CANNOT_REPORT_OWN_RATING: "You cannot report your own rating. You can change it for 7 days.",
  CONVERSATION_CLOSED:
    "This conversation is closed: the listing was removed or the other member left Souqna. You can still read it.",
  OFFER_AMOUNT_INVALID: "Enter your offer in SYP as a whole number, for example 4500000.",
  OFFER_AMOUNT_TOO_HIGH: "That amount is too high. Check the number of zeros.",
  OFFER_WAITING:
    "Your offer is waiting for an answer. You can make another once it is accepted, declined or countered.",
  OFFER_NOT_OPEN:
    "This offer has already been answered. The latest offer is at the bottom of the conversation.",
  OFFER_OWN: "You cannot answer your own offer. Wait for the other member to answer it.",
  MESSAGE_PHOTO_LIMIT:
    "You have too many photos waiting to be sent. Send or remove them first, or wait a day.",
  MESSAGE_PHOTO_INVALID:
    "A photo of this message is no longer available. Remove it and add it again (at most 3 photos).",
  OFFER_LISTING_CLOSED: "This listing is no longer on the market, so it cannot take offers.",
  savedSearchNotFound:
    "This saved search does not exist or is not yours. Open Saved searches and try again.",
  savedSearchInvalid:
    "This search could not be read. Go back to the results, check the filters and press “Save this search” again.",
  savedSearchNameRequired: "Please give the search a name",
  savedSearchNameTooLong: "Please keep the name under 80 characters",
  savedSearchCadenceInvalid:
    "Please choose how often to be told: as soon as they are posted, once a day, or off",
  SAVED_SEARCH_NOT_FOUND:
    "This saved search does not exist or is not yours. Open Saved searches and try again.",
  // The number is SAVED_SEARCH_LIMIT (a test holds the two together).
  SAVED_SEARCH_LIMIT:
    "You can keep at most 20 saved searches. Delete one in Saved searches to save this one.",
  SAVED_SEARCH_INVALID:
    "This search has a category or filter Souqna does not know. Go back to the results, check the filters and try again.",
  SAVED_SEARCH_EMPTY:
    "Choose a category, a filter or words to search for before saving: a search for everything would tell you about every new listing.",
  LISTING_REPEATS_YOURS:
    "You already have this ad on Souqna. Edit it or renew it instead of posting it again.",
  STAGED_PHOTO_INVALID:
    "One of the photos could not be found: it may have expired after 24 hours. Please add it again.",
  STAGED_PHOTO_BUSY: "This photo is still being processed. Please wait a moment.",
  STAGED_PHOTO_LIMIT:
    "You have too many photos waiting to be posted. Post your listing, or try again tomorrow.",
  PUSH_SUBSCRIPTION_INVALID:
    "This browser's notification subscription could not be read. Reload the page and press “Get notified on this device” again.",
  // The number is MAX_PUSH_SUBSCRIPTIONS.
  PUSH_SUBSCRIPTION_LIMIT:
    "Notifications are on for 10 browsers already. Turn them off on a browser you no longer use, then try again.",
  PUSH_SERVICE_UNKNOWN:
    "Souqna cannot send notifications through this browser's notification service. Try Chrome, Edge, Firefox or Safari.",
} as const;

export default errors;
