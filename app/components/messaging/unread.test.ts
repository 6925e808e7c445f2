import { describe, expect, it } from "vitest";
import { openConversation } from "~/views/messaging/unread.server";

describe("the conversation a request opens", () => {
  it("is read from /messages/{id} and its data request, nothing else", () => {
    const id = "7b1c3f7e-0a8e-4c55-9f38-1f1f1f1f1f1f";
    const at = (path: string) => openConversation(new Request(`http://localhost${path}`));
    expect(at(`/messages/${id}`)).toBe(id);
    expect(at(`/messages/${id.toUpperCase()}`)).toBe(id);
    expect(at(`/messages/${id}.data?_routes=root`)).toBe(id);
    expect(at("/messages")).toBeUndefined();
    expect(at("/messages/not-a-uuid")).toBeUndefined();
    expect(at(`/listing/${id}`)).toBeUndefined();
    expect(at(`/messages/${id}/extra`)).toBeUndefined();
  });
});
