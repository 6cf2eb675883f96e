/**
 * Where a JSON text stops being valid. `JSON.parse` messages differ between Node versions and often
 * omit the position, so invalid text is re-read by this small validator to name a line and column.
 */

export interface JsonSyntaxError {
  line: number;
  column: number;
  message: string;
}

class Stop extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING_BODY = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*/y;

function validate(text: string): void {
  let i = 0;
  const skip = () => {
    while (i < text.length && " \t\r\n".includes(text.charAt(i))) i++;
  };
  const describe = () =>
    i >= text.length ? "unexpected end of input" : `unexpected character ${JSON.stringify(text.charAt(i))}`;
  const fail = (expected?: string): never => {
    throw new Stop(
      i,
      expected === undefined || i >= text.length
        ? describe()
        : `expected ${expected}, found ${JSON.stringify(text.charAt(i))}`,
    );
  };
  const string = () => {
    i++;
    STRING_BODY.lastIndex = i;
    STRING_BODY.exec(text);
    i = STRING_BODY.lastIndex;
    if (text.charAt(i) !== '"') fail("closing quote of string");
    i++;
  };
  const value = (): void => {
    skip();
    const ch = text.charAt(i);
    if (ch === "{") return object();
    if (ch === "[") return array();
    if (ch === '"') return string();
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    NUMBER.lastIndex = i;
    if (NUMBER.exec(text) === null) fail();
    i = NUMBER.lastIndex;
  };
  const object = () => {
    i++;
    skip();
    if (text.charAt(i) === "}") return void i++;
    for (;;) {
      skip();
      if (text.charAt(i) !== '"') fail("a double-quoted property name");
      string();
      skip();
      if (text.charAt(i) !== ":") fail("':' after property name");
      i++;
      value();
      skip();
      if (text.charAt(i) === "}") return void i++;
      if (text.charAt(i) !== ",") fail("',' or '}' after property value");
      i++;
    }
  };
  const array = () => {
    i++;
    skip();
    if (text.charAt(i) === "]") return void i++;
    for (;;) {
      value();
      skip();
      if (text.charAt(i) === "]") return void i++;
      if (text.charAt(i) !== ",") fail("',' or ']' after array element");
      i++;
    }
  };
  value();
  skip();
  if (i < text.length) fail("end of input after the JSON value");
}

function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** The first syntax error of `text`, or null when it is valid (or too deeply nested to check). */
export function locateJsonError(text: string): JsonSyntaxError | null {
  try {
    validate(text);
    return null;
  } catch (e) {
    if (!(e instanceof Stop)) return null;
    return { ...position(text, e.offset), message: e.message };
  }
}
