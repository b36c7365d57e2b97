import type { Language } from '@/lib/i18n';

/** A page's parts, rendered: its language, the tags of its head, its markup and its data (JSON safe in a script). */
export interface PageParts {
  lang: Language;
  head: string;
  html: string;
  state: string;
}

/**
 * A rendered page as the document the server sends: the web app's index.html (the shell) with the
 * page's language, head, markup and data in it, and without the entry's module script.
 *
 * The shell is cut once, at start, where a rendered page goes; a page is then joined from the
 * pieces: no pattern runs over the page's 100 KB for each request, and the page's text goes in as
 * it is (String.replace would read `$&`, `$'` or a backtick after `$` in a service's description as
 * patterns, and copy parts of the shell into the page).
 *
 * The page comes out as bytes, written into one buffer of its own (the ETag's hash and the socket
 * take the bytes; the render worker hands the buffer over to the server's main thread without a
 * copy). Joined into one string first, a page with Bengali or ৳ in it (two bytes a character) was,
 * on All Services, over the 128 KB past which V8 gives a string memory of its own, fresh from the
 * system and given back at the next collection (30 page faults a page): the parts are encoded
 * one by one, straight into the buffer.
 */
export function pageDocument(shell: string): (page: PageParts) => Uint8Array {
  const HOLE = '\u0000';
  const pieces = shell
    // The app's code loads once the page has painted: route-preload.js adds the entry then (it
    // knows its address), so the HTML, stylesheet and largest image come first on a slow link.
    .replace(/\s*<script type="module"[^>]*><\/script>/, '')
    .replace(/<html lang="[^"]*"/, `<html lang="${HOLE}"`)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${HOLE}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${HOLE}</div>`)
    .replace('</body>', `  <script type="application/json" id="meramot-state">${HOLE}</script>\n  </body>`)
    .split(HOLE);
  if (pieces.length !== 5) throw new Error('index.html lacks <html lang>, </head>, <div id="root"></div> or </body>.');
  const [start, afterLang, afterHead, afterHtml, end] = pieces as [string, string, string, string, string];
  return (page) => {
    const parts = [start, page.lang, afterLang, page.head, afterHead, page.html, afterHtml, page.state, end];
    let size = 0;
    for (const part of parts) size += Buffer.byteLength(part);
    // Not from Node's shared pool: the buffer is the page's alone, so it can be handed to another thread.
    const bytes = Buffer.allocUnsafeSlow(size);
    let at = 0;
    for (const part of parts) at += bytes.write(part, at);
    return bytes;
  };
}
