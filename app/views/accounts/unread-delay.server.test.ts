import { describe, expect, it } from "vitest";
import { unreadDelayText } from "./unread-delay.server";

describe("the unread e-mail's delay in Settings", () => {
  it("is said in the largest whole unit, with each language's plural forms", () => {
    expect(unreadDelayText("en", 600)).toBe("10 minutes");
    expect(unreadDelayText("en", 1)).toBe("1 second");
    expect(unreadDelayText("en", 90)).toBe("90 seconds");
    expect(unreadDelayText("en", 3600)).toBe("1 hour");
    expect(unreadDelayText("en", 0)).toBe("a few seconds");
    expect(unreadDelayText("ar", 600)).toBe("١٠ دقائق");
    expect(unreadDelayText("ar", 60)).toBe("دقيقة واحدة");
    expect(unreadDelayText("ar", 7200)).toBe("ساعتين");
    expect(unreadDelayText("ar", 15 * 60)).toBe("١٥ دقيقة");
    expect(unreadDelayText("ar", 1)).toBe("ثانية واحدة");
  });
});
