/*
 * Hostile input, as strings a form field or a query parameter can carry. Every route and action
 * must answer each of these with a clear 4xx or its normal page — never a 5xx — and nothing a
 * form's schema would refuse may end up stored (tests/hostile/every-route.test.ts).
 */
const MB = 1024 * 1024;

export const hostileValues: [name: string, value: string][] = [
  ["empty", ""],
  ["spaces", "   \t  "],
  ["NUL", "a\u0000b"],
  ["lone high surrogate", "x\uD800y"],
  ["lone low surrogate", "\uDC00"],
  ["replacement char (overlong UTF-8 decoded)", "\uFFFD\uFFFD/etc"],
  ["1 MB string", "x".repeat(MB)],
  ["200 KB Arabic", "سيارة ".repeat(34_000)],
  ["Arabic-Indic digits", "١٢٣٤٥٦٧٨٩٠"],
  ["Persian digits", "۴۵۶۷"],
  ["mixed digits and separators", "١٬٥٠٠٬٠٠٠٫٥"],
  ["emoji", "🚗🏠📱"],
  ["ZWJ emoji", "👨‍👩‍👧‍👦🏳️‍🌈"],
  ["RTL override", "\u202Egnp.exe"],
  ["bidi isolates", "\u2067عربي\u2069 latin"],
  ["ESC and BEL", "\u001b[31mred\u0007"],
  ["C1 controls", "\u0085\u009b"],
  ["SQL quote", "' OR 1=1 --"],
  ["SQL statement", "'; drop table listings; --"],
  ["SQL union", "1 UNION SELECT password FROM accounts"],
  ["HTML script", "<script>alert(1)</script>"],
  ["HTML attribute", '"><img src=x onerror=alert(1)>'],
  ["path traversal", "../../etc/passwd"],
  ["encoded traversal", "%2e%2e%2f%2e%2e%2fetc%2fpasswd"],
  ["protocol-relative URL", "//evil.example/x"],
  ["backslash URL", "\\\\evil.example"],
  ["javascript URL", "javascript:alert(1)"],
  ["negative", "-1"],
  ["huge number", "99999999999999999999999"],
  ["float overflow", "1e309"],
  ["NaN", "NaN"],
  ["uuid-ish", "00000000-0000-0000-0000-000000000000"],
  ["uppercase uuid", "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF"],
  ["JSON", '{"$ne":null}'],
  ["CRLF injection", "a\r\nSet-Cookie: x=1"],
  ["format string", "%s%s%n{{constructor}}"],
];

/** Raw query strings: broken escapes, overlong UTF-8, array and repeated parameters. */
export const hostileQueries = [
  "q=%",
  "q=%zz",
  "q=%C0%AF",
  "q=%ED%A0%80",
  "q=%FF%FE",
  "a[]=1&a[]=2",
  "a[b]=c",
  "page=1&page=2&page=-5",
  "sort[]=price_asc",
  "q=x&q=y&category=1&category=abc",
  "__proto__[x]=1&constructor[prototype][y]=2",
];

/** Bodies that are not the form a route expects, with the content type they claim. */
export const hostileBodies: [name: string, body: string | null, type: string | undefined][] = [
  ["no body, no type", null, undefined],
  ["empty urlencoded", "", "application/x-www-form-urlencoded"],
  ["broken percent escape", "intent=%&email=%zz", "application/x-www-form-urlencoded"],
  ["overlong UTF-8 escape", "intent=%C0%AF&title=%ED%A0%80", "application/x-www-form-urlencoded"],
  ["text/plain", "intent=save&title=x", "text/plain"],
  ["JSON", '{"intent":"save","title":"x"}', "application/json"],
  ["broken JSON", '{"intent":', "application/json"],
  ["XML", "<intent>save</intent>", "application/xml"],
  ["multipart without boundary", "intent=save", "multipart/form-data"],
  [
    "broken multipart",
    '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave',
    "multipart/form-data; boundary=b",
  ],
  [
    "multipart with a file where text belongs",
    '--b\r\nContent-Disposition: form-data; name="title"; filename="../../x.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--b--\r\n',
    "multipart/form-data; boundary=b",
  ],
];

/**
 * One of each kind, for the wide passes (every page × every parameter, every action × every
 * field); the narrow pass (one field at a time in a valid form) uses every value.
 */
export const coreHostileValues = hostileValues.filter(([name]) =>
  [
    "empty",
    "NUL",
    "lone high surrogate",
    "1 MB string",
    "Arabic-Indic digits",
    "ZWJ emoji",
    "RTL override",
    "ESC and BEL",
    "SQL statement",
    "HTML attribute",
    "path traversal",
    "protocol-relative URL",
    "huge number",
    "CRLF injection",
  ].includes(name),
);
