import { escapeHtml } from "./escape-html";

/**
 * A listing description as safe HTML. Every rendering of a description goes through this one
 * allow-list (docs/product-decisions.md §D4): the tags p, br, strong, em, u, ul, ol and li, never
 * with attributes; everything else is text, escaped. Plain line breaks become <br>.
 *
 * Not a general HTML parser: a small, strict tokenizer. It never copies a byte of markup from the
 * input to the output — it writes its own tags and escapes all text — so whatever it misreads
 * comes out as visible text, not as markup.
 */

const ALLOWED = new Set(["p", "br", "strong", "em", "u", "ul", "ol", "li"]);
/** Their content is not text for the reader: dropped along with the tags. */
const DROP_CONTENT = new Set([
  "script",
  "style",
  "textarea",
  "title",
  "template",
  "iframe",
  "noscript",
  "noembed",
  "noframes",
  "xmp",
  "object",
  "plaintext",
]);
const BLOCK = new Set(["p", "ul", "ol", "li"]);
const LIST = new Set(["ul", "ol"]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

type Token = { kind: "text"; text: string } | { kind: "open" | "close"; name: string };

/** Character references as the browser would read them; unknown ones stay literal text. */
function decodeEntities(text: string) {
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});?/g, (whole, ref) => {
    if (ref[0] !== "#") return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
    const code =
      ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\ufffd";
    return String.fromCodePoint(code);
  });
}

/** Where the tag starting at `start` (a "<") ends: the index after its ">", or -1. */
function tagEnd(input: string, start: number) {
  let i = start + 1;
  while (i < input.length) {
    const char = input[i];
    if (char === ">") return i + 1;
    if (char === "=") {
      // An attribute value in quotes may hold ">".
      let j = i + 1;
      while (j < input.length && /\s/.test(input[j] ?? "")) j++;
      const quote = input[j];
      if (quote === '"' || quote === "'") {
        const close = input.indexOf(quote, j + 1);
        if (close === -1) return -1;
        i = close + 1;
        continue;
      }
    }
    i++;
  }
  return -1;
}

function tokenize(source: string): Token[] {
  const input = source.replace(/\r\n?/g, "\n").replace(/\0/g, "");
  const tokens: Token[] = [];
  let text = "";
  const flush = () => {
    if (text) tokens.push({ kind: "text", text: decodeEntities(text) });
    text = "";
  };
  let i = 0;
  while (i < input.length) {
    const lt = input.indexOf("<", i);
    if (lt === -1) {
      text += input.slice(i);
      break;
    }
    text += input.slice(i, lt);
    i = lt;
    // Comments, CDATA sections, doctypes and processing instructions: dropped whole.
    if (input.startsWith("<!--", i)) {
      const end = input.indexOf("-->", i + 4);
      i = end === -1 ? input.length : end + 3;
      continue;
    }
    if (input.startsWith("<![CDATA[", i)) {
      const end = input.indexOf("]]>", i + 9);
      i = end === -1 ? input.length : end + 3;
      continue;
    }
    if (input[i + 1] === "!" || input[i + 1] === "?") {
      const end = input.indexOf(">", i + 2);
      i = end === -1 ? input.length : end + 1;
      continue;
    }
    const closing = input[i + 1] === "/";
    const nameStart = closing ? i + 2 : i + 1;
    if (!/[a-zA-Z]/.test(input[nameStart] ?? "")) {
      // "a < b", "<3", "</ >": text.
      text += "<";
      i++;
      continue;
    }
    const end = tagEnd(input, i);
    if (end === -1) {
      // Never closed: text, not a tag.
      text += "<";
      i++;
      continue;
    }
    const name = (/^[^\s/>]+/.exec(input.slice(nameStart, end - 1))?.[0] ?? "").toLowerCase();
    i = end;
    if (!closing && DROP_CONTENT.has(name)) {
      // Skip to this element's own closing tag (or the end): its content is not text.
      const close = new RegExp(`</${name}(?=[\\s/>])`, "ig");
      close.lastIndex = i;
      const found = close.exec(input);
      if (!found) {
        i = input.length;
        continue;
      }
      const after = tagEnd(input, found.index);
      i = after === -1 ? input.length : after;
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    flush();
    if (name === "br") tokens.push({ kind: "open", name });
    else tokens.push({ kind: closing ? "close" : "open", name });
  }
  flush();
  return tokens;
}

export function sanitizeDescription(source: string | null | undefined): string {
  if (!source) return "";
  const tokens = tokenize(source);
  const stack: string[] = [];
  let out = "";
  const closeTo = (depth: number) => {
    while (stack.length > depth) out += `</${stack.pop()}>`;
  };
  const isBlock = (token: Token | undefined) =>
    token !== undefined && token.kind !== "text" && BLOCK.has(token.name);
  tokens.forEach((token, index) => {
    if (token.kind === "text") {
      const top = stack[stack.length - 1];
      let text = token.text;
      // Line breaks that only lay out the markup (around paragraphs and list items) are not text.
      if (isBlock(tokens[index - 1])) text = text.replace(/^\s*\n/, "");
      if (isBlock(tokens[index + 1])) text = text.replace(/\n\s*$/, "");
      if (!text || (text.trim() === "" && top && LIST.has(top))) return;
      if (top && LIST.has(top)) {
        // Text straight inside a list belongs to an item.
        stack.push("li");
        out += "<li>";
      }
      out += escapeHtml(text).replace(/\n/g, "<br>");
      return;
    }
    const { name } = token;
    if (name === "br") {
      out += "<br>";
      return;
    }
    if (token.kind === "close") {
      const at = stack.lastIndexOf(name);
      if (at !== -1) closeTo(at);
      return;
    }
    if (name === "p" || name === "ul" || name === "ol") {
      // A block cannot sit inside a paragraph: the paragraph ends first, as in the browser.
      const p = stack.lastIndexOf("p");
      if (p !== -1) closeTo(p);
    }
    if (name === "li") {
      // A new item ends the open one of the same list.
      const list = Math.max(stack.lastIndexOf("ul"), stack.lastIndexOf("ol"));
      const item = stack.lastIndexOf("li");
      if (item !== -1 && item > list) closeTo(item);
      if (list === -1) {
        // An item outside a list: keep its text, not its bullet.
        return;
      }
    }
    stack.push(name);
    out += `<${name}>`;
  });
  closeTo(0);
  return out;
}
