// The incremental parser for big JSON bodies (src/api/json-stream.ts) must give exactly what
// JSON.parse of the whole text gives, however the text is cut into chunks, and must refuse
// exactly what JSON.parse refuses.
import { describe, expect, it } from 'vitest';
import { JsonAssembler } from '../../src/api/json-stream.js';

/** A small seeded PRNG (mulberry32): the same cases on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Feeds `text` in the given pieces; the value, or the error it threw. */
function assemble(pieces: string[]): { value?: unknown; error?: unknown } {
  const a = new JsonAssembler();
  try {
    for (const p of pieces) a.push(p);
    return { value: a.end() };
  } catch (error) {
    return { error };
  }
}

function cutAt(text: string, points: number[]): string[] {
  const sorted = [...new Set(points)].filter((p) => p > 0 && p < text.length).sort((x, y) => x - y);
  const pieces: string[] = [];
  let from = 0;
  for (const p of sorted) {
    pieces.push(text.slice(from, p));
    from = p;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** Random cuts, plus every single cut point for short texts (a backslash or a surrogate pair split). */
function splits(text: string, random: () => number): string[][] {
  const out: string[][] = [[text], text.split('')];
  for (let k = 0; k < 5; k++) out.push(cutAt(text, Array.from({ length: 1 + Math.floor(random() * 8) }, () => Math.floor(random() * text.length))));
  if (text.length < 400) for (let p = 1; p < text.length; p++) out.push(cutAt(text, [p]));
  return out;
}

const STRINGS = ['', 'plain', 'quote " inside', 'back\\slash', '\\"', 'tab\tnew\nline', 'ü ß “é”', '🎉 emoji', '\u0000\u001f', '\u2028\u2029', '}{][,:'];

function randomValue(random: () => number, depth: number): unknown {
  const r = random();
  if (depth > 5 || r < 0.35) {
    const s = random();
    if (s < 0.3) return STRINGS[Math.floor(random() * STRINGS.length)];
    if (s < 0.55) return [0, -0, 1.5e-7, -42, 1e21, 123456789.25][Math.floor(random() * 6)];
    return [true, false, null][Math.floor(random() * 3)];
  }
  if (r < 0.65) return Array.from({ length: Math.floor(random() * 5) }, () => randomValue(random, depth + 1));
  const keys = ['data', 'events', 'id', 'a"b', '__proto__', 'üñí', '', 'data'];
  const obj: Record<string, unknown> = {};
  for (let i = Math.floor(random() * 5); i > 0; i--) obj[keys[Math.floor(random() * keys.length)]!] = randomValue(random, depth + 1);
  return obj;
}

/** JSON text with random whitespace between tokens (outside strings). */
function withSpaces(text: string, random: () => number): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    out += c;
    if (inString) {
      if (c === '\\') out += text[++i];
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if ('{}[],:'.includes(c) && random() < 0.3) out += [' ', '\n', '\r\n', '\t  '][Math.floor(random() * 4)];
  }
  return out;
}

describe('JsonAssembler equals JSON.parse', () => {
  const EDGE = [
    '{"message":"ok","data":{"events":{"data":[{"event_id":"1"},{"event_id":"2"}],"total_count":2,"pagination":{"next_cursor":null}}}}',
    '{"pagination":{"next_cursor":"x"},"data":[{"a":[1,[2,[3]]]},[],{},"s",1,true,null]}', // data not first, nested arrays
    ' \n\t{ "data" : [ { "a" : "b\\"}" } , [ "]" , "\\\\" ] ] , "x" : { } } \r\n',
    '{"s":"\\u0041\\u00e9\\ud83c\\udf89\\n\\"\\\\\\/"}', // escapes, a surrogate pair written as escapes
    '{"s":"🎉ü","k🎉":["🎉"]}',
    '{"__proto__":{"polluted":true},"a":1}',
    '{"a":1,"a":2}',
    '[]',
    '{}',
    '[[[[[[[[[[[[1]]]]]]]]]]]]',
    '{"a":{"b":{"c":{"d":{"e":{"f":{"g":{"h":{"i":{"j":[1,{"k":2}]}}}}}}}}}}',
    '[-0,1e5,1.5E-3,-1.25e+2,0.1]',
    '"a string root"',
  ];

  it.each(EDGE)('%s', (text) => {
    const random = prng(text.length);
    for (const pieces of splits(text, random)) {
      const got = assemble(pieces);
      expect(got.error).toBeUndefined();
      expect(got.value).toStrictEqual(JSON.parse(text));
    }
    if (text.includes('__proto__')) {
      const value = assemble([text]).value as Record<string, unknown>;
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.keys(value)).toEqual(Object.keys(JSON.parse(text) as object));
    }
  });

  it('random documents, random whitespace, random chunks', () => {
    const random = prng(17);
    for (let n = 0; n < 300; n++) {
      const value = { data: Array.from({ length: Math.floor(random() * 6) }, () => randomValue(random, 1)), more: randomValue(random, 1) };
      const text = withSpaces(JSON.stringify(value), random);
      const expected = JSON.parse(text) as unknown;
      for (const pieces of splits(text, random).slice(0, 8)) expect(assemble(pieces).value).toStrictEqual(expected);
    }
  });
});

describe('JsonAssembler refuses what JSON.parse refuses', () => {
  const BAD = [
    '',
    '{',
    '{"a"',
    '{"a":',
    '{"a":1',
    '{"a":1,}',
    '[1,]',
    '[,1]',
    '{,}',
    '{"a" 1}',
    '{"a":1}}',
    '{"a":1} x',
    '[tru]',
    '[1 2]',
    '{"a":"unterminated}',
    '{"a":"bad \\x escape"}',
    '{a:1}',
    "{'a':1}",
    '[01]',
    '{"a":[1,{"b":2]}}',
    '{"data":[{"a":1},{"b":2}',
  ];

  it.each(BAD)('%j', (text) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    for (const pieces of splits(text, prng(3))) expect(assemble(pieces).error).toBeInstanceOf(SyntaxError);
  });

  it('every truncation of a valid document', () => {
    const text = '{"message":"ok","data":{"events":{"data":[{"id":"a\\"b","n":[1,2.5,null]},{"id":"🎉"}],"total_count":2}}}';
    for (let end = 0; end < text.length; end++) {
      expect(assemble([text.slice(0, end)]).error, text.slice(0, end)).toBeInstanceOf(SyntaxError);
      expect(assemble(cutAt(text.slice(0, end), [end >> 1])).error).toBeInstanceOf(SyntaxError);
    }
  });
});
