import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError, ValueError } from '../errors.js';

// Templates as files. `template pull` / `template push`: DIR/<slug>.html holds the active
// HTML, DIR/<slug>.json what push needs to know where it came from: {"name", "project",
// "version"} (both written whole by the commands). `template create|update`: the content
// of --html/--json, from a file or stdin.

export interface TemplateMeta {
  name: string;
  project: number;
  version: number | null;
  /**
   * The service's slug, when it is not the file's: push created the template and the service
   * derived another slug from the name. Later pushes look the template up by it (a lookup by
   * the file's slug would find nothing and create the template a second time).
   */
  slug?: string;
}

/** A slug that is safe as a file name: no folder separators, no hidden or relative names. */
export function fileSafe(slug: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(slug);
}

/** A SLUG argument of `template pull`: one that cannot be a file name is refused before anything is sent. */
export function slugValue(slug: string): string {
  if (!fileSafe(slug)) throw new ValueError(`${JSON.stringify(slug)} cannot be a template slug (letters, digits, ".", "_" and "-", starting with a letter or digit)`);
  return slug;
}

export function metaText(meta: TemplateMeta): string {
  return `${JSON.stringify(meta, null, 2)}\n`;
}

/** The metadata of DIR/<slug>.json; a file that is not ours is a usage error naming it. */
function parseMeta(text: string, path: string): TemplateMeta {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new UsageError(`--dir: ${path} is not valid JSON`);
  }
  const m = v as Partial<TemplateMeta>;
  const ok = m && typeof m === 'object' && typeof m.name === 'string' && Number.isInteger(m.project) && (m.version === null || Number.isInteger(m.version));
  if (!ok || (m.slug !== undefined && (typeof m.slug !== 'string' || m.slug === ''))) {
    throw new UsageError(`--dir: ${path} must hold {"name": string, "project": integer, "version": integer or null} (as template pull writes it)`);
  }
  return { name: m.name!, project: m.project!, version: m.version ?? null, ...(m.slug !== undefined ? { slug: m.slug } : {}) };
}

export interface LocalTemplate {
  slug: string;
  html: string;
  htmlPath: string;
  metaPath: string;
  meta?: TemplateMeta;
}

/**
 * A template file's text, decoded strictly (as `email send` reads its bodies): a Latin-1 or binary
 * file would reach the service with U+FFFD in place of its bytes. Not UTF-8 is a usage error.
 */
async function readUtf8(path: string, what: string): Promise<string> {
  const { readBoundedText } = await import('./bounded-text.js');
  return readBoundedText(createReadStream(path), what);
}

export async function readTemplateDir(dir: string): Promise<LocalTemplate[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    throw new UsageError(`--dir: cannot read ${dir}${(error as NodeJS.ErrnoException).code === 'ENOENT' ? ': no such folder' : ''}`);
  }
  const locals: LocalTemplate[] = [];
  // hidden files (an editor's lock or backup, `.#welcome.html`) are not templates; any other
  // .html file is one, and a name that cannot be a slug is refused, not passed over unsaid
  for (const name of names.filter((n) => n.endsWith('.html') && !n.startsWith('.')).sort()) {
    const slug = name.slice(0, -'.html'.length);
    const htmlPath = join(dir, name);
    if (!fileSafe(slug)) {
      throw new UsageError(`--dir: ${htmlPath}: "${slug}" cannot be a template slug (letters, digits, ".", "_" and "-", starting with a letter or digit)`, {
        hint: 'rename the file, or move it out of the folder',
      });
    }
    const metaPath = join(dir, `${slug}.json`);
    let html: string;
    try {
      html = await readUtf8(htmlPath, `--dir: ${htmlPath}`);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(`--dir: cannot read ${htmlPath}${code === 'EISDIR' ? ': it is a folder, not a file' : code ? ` (${code})` : ''}`);
    }
    // as `template update --html` refuses one: a file emptied by accident must not wipe the template
    if (html.trim() === '') throw new UsageError(`--dir: ${htmlPath} is empty`, { hint: 'put the template\'s HTML in it (template pull writes it), or move the file out of the folder' });
    // no <slug>.json: a new template; one that cannot be read is not taken for missing
    // (push would then create, or overwrite without the check of the version pulled)
    const metaText_ = await readFile(metaPath, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw new UsageError(`--dir: cannot read ${metaPath}${error.code === 'EISDIR' ? ': it is a folder, not a file' : error.code ? ` (${error.code})` : ''}`);
    });
    locals.push({ slug, html, htmlPath, metaPath, meta: metaText_ === undefined ? undefined : parseMeta(metaText_, metaPath) });
  }
  return locals;
}

/**
 * Why `template pull` must not write over DIR/<slug>.html, or undefined when it may: the file
 * holds a change that was never pushed (it differs from the service's HTML, and the service is
 * still at the version pulled, or no <slug>.json says where the file came from). When the
 * service moved on since the pull, a different file is taken for the older version.
 */
export async function unpushedChange(htmlPath: string, metaPath: string, remote: { html: string; version: number | null }): Promise<string | undefined> {
  const local = await readFile(htmlPath, 'utf8').catch(() => undefined);
  // an empty file is no change to keep (push refuses it): pull restores the service's HTML
  if (local === undefined || local === remote.html || local.trim() === '') return undefined;
  const text = await readFile(metaPath, 'utf8').catch(() => undefined);
  let meta: TemplateMeta | undefined;
  try {
    meta = text === undefined ? undefined : parseMeta(text, metaPath);
  } catch {
    meta = undefined;
  }
  if (meta === undefined) return `${htmlPath} differs from the service and no ${metaPath} says it was pulled: not overwritten`;
  if (meta.version === remote.version) return `${htmlPath} has changes not pushed (version ${meta.version} pulled, still the service's): not overwritten`;
  return undefined;
}

/** The text of --html/--json: a file, or stdin for "-"; unreadable or (for --json) invalid input is a usage error. */
export async function readContent(from: { readStdin(): Promise<string> }, flagName: '--html' | '--json', path: string): Promise<string> {
  let text: string;
  if (path === '-') text = await from.readStdin();
  else {
    try {
      text = await readUtf8(path, `${flagName} ${path}`);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(`${flagName}: cannot read ${path}${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}`);
    }
  }
  if (text.trim() === '') throw new UsageError(`${flagName}: ${path === '-' ? 'stdin' : path} is empty`);
  if (flagName === '--json') {
    try {
      JSON.parse(text);
    } catch {
      throw new UsageError(`--json: ${path === '-' ? 'stdin' : path} is not valid JSON`);
    }
  }
  return text;
}
