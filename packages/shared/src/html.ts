/** The five characters that can end a text or an attribute value in HTML and XML, as entities. */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as the text or a quoted attribute value of HTML or XML (a page's head, an e-mail, a
 * sitemap): every value from outside passes here, so it can never become markup. The apostrophe is
 * written `&#39;`, which HTML (every version, and every mail client) and XML all read.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
