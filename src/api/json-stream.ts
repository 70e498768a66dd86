// A big JSON body parsed as it arrives, for the pages of tens of megabytes a broken or hostile
// server may send (network.ts switches to it past a threshold; normal pages keep JSON.parse of
// the whole text, which is faster). Joining the text first and then parsing it held the
// text, V8's flattened copy of it and every object at once. Here each array element is cut
// out of the text as soon as it is complete and handed to JSON.parse alone, so the text read
// so far is released as the objects are built. Objects and arrays around the elements (the
// envelope: {"data": {"events": {"data": [...], "pagination": ...}}}) are built here; keys
// and scalars are cut out and parsed by JSON.parse too. The result equals JSON.parse of the
// whole body, and malformed or truncated JSON is a SyntaxError, as JSON.parse would throw.

/** Objects nested deeper than this are cut out whole rather than built here. */
const MAX_ENVELOPE_DEPTH = 8;

const enum Expect {
  /** After `{`: a key or `}`. */
  KeyOrEnd,
  /** After `,` in an object: a key. */
  Key,
  Colon,
  /** After `[`: a value or `]`. */
  ValueOrEnd,
  /** After `:` or `,` in an array. */
  Value,
  CommaOrEnd,
  /** The root value is complete: only whitespace may follow. */
  Nothing,
}

interface Frame {
  container: Record<string, unknown> | unknown[];
  /** The key whose value comes next (objects). */
  key?: string;
}

/** What is being cut out of the text: a key, a whole value (string, container) or a scalar. */
type Cut = 'key' | 'string' | 'container' | 'scalar';

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
/** Characters that end a number, true, false or null. */
const endsScalar = (c: number) => c === 0x2c || c === 0x7d || c === 0x5d || isSpace(c);

export class JsonAssembler {
  private readonly frames: Frame[] = [];
  private expect: Expect = Expect.Value;
  private root: unknown;
  // the text being cut out: its pieces from earlier chunks, and where it starts in this one
  private cut: Cut | undefined;
  private pieces: string[] = [];
  private depth = 0;
  private inString = false;
  private escaped = false;
  // the next backslash of the text being scanned (searched once per backslash, not once per string)
  private backslash = -1;
  private backslashSearched = false;

  /** Feeds the next piece of decoded text. Throws a SyntaxError as soon as the text cannot be JSON. */
  push(text: string): void {
    this.backslashSearched = false;
    let i = 0;
    let start = 0;
    const n = text.length;
    while (i < n) {
      if (this.cut !== undefined) {
        const end = this.scanCut(text, i);
        if (end === -1) break;
        this.finishCut(text.slice(start, end));
        i = end;
        continue;
      }
      const c = text.charCodeAt(i);
      if (isSpace(c)) {
        i++;
        continue;
      }
      start = i;
      i = this.structural(c, i);
    }
    if (this.cut !== undefined) this.pieces.push(text.slice(start));
  }

  /** The parsed value once the text has ended; a SyntaxError when it ended early. */
  end(): unknown {
    if (this.cut === 'scalar' && this.frames.length === 0) this.finishCut('');
    if (this.cut !== undefined || this.expect !== Expect.Nothing) throw new SyntaxError('Unexpected end of JSON input');
    return this.root;
  }

  /** One character outside any cut: structure, or the start of a cut. Returns where to go on. */
  private structural(c: number, i: number): number {
    const frame = this.frames[this.frames.length - 1];
    switch (this.expect) {
      case Expect.KeyOrEnd:
      case Expect.Key:
        if (c === 0x22) return this.startCut('key', i);
        if (c === 0x7d && this.expect === Expect.KeyOrEnd) return this.close(i);
        break;
      case Expect.Colon:
        if (c === 0x3a) {
          this.expect = Expect.Value;
          return i + 1;
        }
        break;
      case Expect.ValueOrEnd:
      case Expect.Value:
        if (c === 0x5d && this.expect === Expect.ValueOrEnd) return this.close(i);
        if (c === 0x22) return this.startCut('string', i);
        if (c === 0x7b || c === 0x5b) {
          // array elements, and anything deep, are cut out whole; the envelope is built here
          if (Array.isArray(frame?.container) || this.frames.length >= MAX_ENVELOPE_DEPTH) return this.startCut('container', i);
          return this.open(c === 0x7b ? {} : [], i);
        }
        return this.startCut('scalar', i);
      case Expect.CommaOrEnd:
        if (c === 0x2c) {
          this.expect = Array.isArray(frame!.container) ? Expect.Value : Expect.Key;
          return i + 1;
        }
        if (c === (Array.isArray(frame!.container) ? 0x5d : 0x7d)) return this.close(i);
        break;
      case Expect.Nothing:
        break;
    }
    throw new SyntaxError(`Unexpected character "${String.fromCharCode(c)}" in JSON`);
  }

  private open(container: Frame['container'], i: number): number {
    this.frames.push({ container });
    this.expect = Array.isArray(container) ? Expect.ValueOrEnd : Expect.KeyOrEnd;
    return i + 1;
  }

  private close(i: number): number {
    const { container } = this.frames.pop()!;
    this.add(container);
    return i + 1;
  }

  private startCut(kind: Cut, i: number): number {
    this.cut = kind;
    this.pieces = [];
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    return i; // scanCut reads the first character too
  }

  /**
   * Scans the cut from `i`: the index just past its end, or -1 when it goes on past this text.
   * Inside strings it jumps from quote to backslash with indexOf: events are mostly strings.
   */
  private scanCut(text: string, i: number): number {
    const n = text.length;
    if (this.cut === 'scalar') {
      while (i < n && !endsScalar(text.charCodeAt(i))) i++;
      return i < n ? i : -1;
    }
    while (i < n) {
      if (this.escaped) {
        this.escaped = false;
        i++;
        continue;
      }
      if (this.inString) {
        const quote = text.indexOf('"', i);
        if (!this.backslashSearched || (this.backslash !== -1 && this.backslash < i)) {
          this.backslashSearched = true;
          this.backslash = text.indexOf('\\', i);
        }
        const backslash = this.backslash;
        if (backslash !== -1 && (quote === -1 || backslash < quote)) {
          this.escaped = true;
          i = backslash + 1;
          continue;
        }
        if (quote === -1) return -1;
        this.inString = false;
        i = quote + 1;
        if (this.depth === 0) return i; // a key or a string value ends with its quote
        continue;
      }
      const c = text.charCodeAt(i++);
      if (c === 0x22) this.inString = true;
      else if (c === 0x7b || c === 0x5b) this.depth++;
      else if ((c === 0x7d || c === 0x5d) && --this.depth === 0) return i;
    }
    return -1;
  }

  /** The cut is complete: parse it and put it in its place. */
  private finishCut(last: string): void {
    const text = this.pieces.length === 0 ? last : this.pieces.join('') + last;
    const kind = this.cut!;
    this.cut = undefined;
    this.pieces = [];
    const value: unknown = JSON.parse(text);
    if (kind !== 'key') return this.add(value);
    this.frames[this.frames.length - 1]!.key = value as string;
    this.expect = Expect.Colon;
  }

  /** A complete value: into its container, or the root. */
  private add(value: unknown): void {
    const frame = this.frames[this.frames.length - 1];
    if (!frame) {
      this.root = value;
      this.expect = Expect.Nothing;
      return;
    }
    if (Array.isArray(frame.container)) frame.container.push(value);
    // as JSON.parse does: "__proto__" is an own property, not the prototype
    else if (frame.key === '__proto__') Object.defineProperty(frame.container, '__proto__', { value, writable: true, enumerable: true, configurable: true });
    else frame.container[frame.key!] = value;
    this.expect = Expect.CommaOrEnd;
  }
}
