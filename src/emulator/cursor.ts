// Opaque cursors: base64url of a small JSON object. Opaque to clients by contract; readable to
// whoever debugs the emulator. Each listing validates the fields it put in.

export function encodeCursor(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The object inside a cursor, or null when the text is not one of ours. */
export function decodeCursor(raw: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
