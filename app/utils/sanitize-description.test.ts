import { describe, expect, it } from "vitest";
import { sanitizeDescription as clean } from "./sanitize-description";

/** Any tag in the output that is not one of the allow-list, bare. */
const foreignTag = /<(?!\/?(?:p|br|strong|em|u|ul|ol|li)>)/i;

function expectInert(html: string) {
  expect(html).not.toMatch(foreignTag);
  expect(html).not.toMatch(/<[a-z]+\s/i);
  expect(html.toLowerCase()).not.toContain("<script");
  expect(html.toLowerCase()).not.toMatch(/<[^>]*(?:on\w+|href|src|style)=/);
}

describe("sanitizeDescription: what it keeps", () => {
  it("returns nothing for nothing", () => {
    expect(clean("")).toBe("");
    expect(clean(null)).toBe("");
    expect(clean(undefined)).toBe("");
  });

  it("keeps plain text and turns line breaks into <br>", () => {
    expect(clean("Well kept.\nNew tyres.")).toBe("Well kept.<br>New tyres.");
    expect(clean("one\r\ntwo\rthree")).toBe("one<br>two<br>three");
    expect(clean("a\n\nb")).toBe("a<br><br>b");
  });

  it("keeps Arabic, emoji and mixed-direction text as it is", () => {
    const text = "سيارة نظيفة جداً 🚗✨ — Kia Rio ٢٠١٥، مالك واحد 👍🏽";
    expect(clean(text)).toBe(text);
    expect(clean("عائلة 👨‍👩‍👧‍👦\nالسعر قابل للتفاوض")).toBe(
      "عائلة 👨‍👩‍👧‍👦<br>السعر قابل للتفاوض",
    );
  });

  it("keeps the allow-list's tags, lower-cased, and nothing of their attributes", () => {
    expect(clean("<p>Hello <strong>bold</strong> <em>it</em> <u>under</u></p>")).toBe(
      "<p>Hello <strong>bold</strong> <em>it</em> <u>under</u></p>",
    );
    expect(clean('<STRONG class="x" onclick="alert(1)">a</STRONG>')).toBe("<strong>a</strong>");
    expect(clean('<p style="background:url(javascript:alert(1))">x</p>')).toBe("<p>x</p>");
    expect(clean("a<br/>b<BR>c</br>d")).toBe("a<br>b<br>c<br>d");
  });

  it("keeps lists without stray <br> from the markup's own line breaks", () => {
    expect(clean("<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>\nafter")).toBe(
      "<ul><li>one</li><li>two</li></ul>after",
    );
    expect(clean("<ol><li>a<li>b</ol>")).toBe("<ol><li>a</li><li>b</li></ol>");
    expect(clean("<p>first</p>\n<p>second</p>")).toBe("<p>first</p><p>second</p>");
  });

  it("escapes text that merely looks like markup", () => {
    expect(clean("price < 5 & > 2")).toBe("price &lt; 5 &amp; &gt; 2");
    expect(clean("I <3 it")).toBe("I &lt;3 it");
    expect(clean('say "hi" it\'s')).toBe("say &quot;hi&quot; it&#39;s");
  });
});

describe("sanitizeDescription: hostile input", () => {
  it("drops script and style elements with their content", () => {
    const out = clean("a<script>alert(1)</script>b<style>body{display:none}</style>c");
    expect(out).toBe("abc");
    expect(clean("<SCRIPT type=module>alert(1)</SCRIPT >x")).toBe("x");
    expect(clean("<script>never closed alert(1)")).toBe("");
    expect(clean("<script>var s = '</scriptx>'; alert(1)</script>ok")).toBe("ok");
    expect(clean("<textarea><script>alert(1)</script></textarea>t")).toBe("t");
  });

  it("drops event handlers and every other attribute", () => {
    for (const input of [
      "<img src=x onerror=alert(1)>",
      '<svg onload="alert(1)"><circle/></svg>',
      "<body onload=alert(1)>",
      '<div onmouseover="alert(1)">hover</div>',
      '<p onclick="alert(1)" >p</p>',
      "<strong/onclick=alert(1)>s</strong>",
    ]) {
      const out = clean(input);
      expectInert(out);
      expect(out).not.toMatch(/on\w+=/i);
    }
    expect(clean('<div onmouseover="alert(1)">hover</div>')).toBe("hover");
  });

  it("keeps a link's text, never the link", () => {
    expect(clean('<a href="javascript:alert(1)">click</a>')).toBe("click");
    expect(clean("<a href=JaVaScRiPt:alert(1)>x</a>")).toBe("x");
    expect(clean('<a href="&#106;avascript:alert(1)">y</a>')).toBe("y");
    expect(clean('<iframe src="javascript:alert(1)"></iframe>z')).toBe("z");
    expect(clean("javascript:alert(1)")).toBe("javascript:alert(1)");
  });

  it("closes what is left open and ignores stray closing tags", () => {
    expect(clean("<strong>bold")).toBe("<strong>bold</strong>");
    expect(clean("<p><em>x</p>y")).toBe("<p><em>x</em></p>y");
    expect(clean("</li></ul></strong>text</p>")).toBe("text");
    expect(clean("<ul><li>a")).toBe("<ul><li>a</li></ul>");
  });

  it("treats an unfinished tag as text", () => {
    expect(clean("a <script")).toBe("a &lt;script");
    expect(clean('<img src="x onerror=alert(1)')).toBe("&lt;img src=&quot;x onerror=alert(1)");
  });

  it("is not fooled by tags built from tags", () => {
    const out = clean("<scr<script>ipt>alert(1)</scr</script>ipt>");
    expectInert(out);
    expect(out).not.toContain("<script");
    const nested = clean("<<script>script>alert(1)<</script>/script>");
    expectInert(nested);
    expect(nested).toBe("&lt;/script&gt;");
    const quoted = clean('<a title="><script>alert(1)</script>">t</a>');
    expectInert(quoted);
    expect(quoted).toBe("t");
  });

  it("drops comments, CDATA, doctypes and processing instructions", () => {
    expect(clean("a<!-- <script>alert(1)</script> -->b")).toBe("ab");
    expect(clean("a<!--unclosed <script>alert(1)</script>")).toBe("a");
    expect(clean("a<![CDATA[<script>alert(1)</script>]]>b")).toBe("ab");
    expect(clean("<!DOCTYPE html><?xml version='1.0'?>c")).toBe("c");
    expect(clean("<!--><script>alert(1)</script>-->d")).toBe("d");
  });

  it("reads character references as text and escapes them again", () => {
    expect(clean("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe(
      "&lt;script&gt;alert(1)&lt;/script&gt;",
    );
    expect(clean("&#60;img src=x onerror=alert(1)&#x3E;")).toBe(
      "&lt;img src=x onerror=alert(1)&gt;",
    );
    expect(clean("AT&amp;T &copy; &unknown; &#0; &#xD800;")).toBe(
      "AT&amp;T &amp;copy; &amp;unknown; \ufffd \ufffd",
    );
    expect(clean("&quot;&apos;&nbsp;")).toBe("&quot;&#39;\u00a0");
  });

  it("drops NUL bytes and never lets markup through on a fuzzed mix", () => {
    expect(clean("<scr\0ipt>alert(1)</scr\0ipt>")).toBe("");
    const pieces = [
      "<",
      ">",
      "/",
      "script",
      "img",
      " onerror=",
      '"',
      "'",
      "=",
      "p",
      "strong",
      "<!--",
      "-->",
      "&lt;",
      "\n",
      "x",
      "javascript:",
      "<![CDATA[",
    ];
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let run = 0; run < 2000; run++) {
      let input = "";
      for (let k = 0; k < 20; k++) input += pieces[next() % pieces.length];
      const out = clean(input);
      expect(out, input).not.toMatch(foreignTag);
      expect(out, input).not.toMatch(/<[a-z]+[^a-z>]/i);
    }
  });
});
