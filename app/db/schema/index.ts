export * from "./accounts";
export * from "./catalog";
export * from "./engagement";
export * from "./listings";
export * from "./notifications";
export * from "./ratings";
export * from "./saved-searches";
export * from "./sms";
