/** The steps of an offer (issue 31), each a message in the conversation. */
export type OfferStep = "made" | "countered" | "accepted" | "declined";

/** Where an offer stands: open until the member who did not make it answers. */
export type OfferStatus = "open" | "accepted" | "declined" | "countered";
