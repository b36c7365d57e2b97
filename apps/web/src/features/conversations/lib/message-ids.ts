/**
 * Message ids are increasing decimal strings (a bigint column), compared as numbers: a longer id is
 * the newer one, and ids of one length compare as text.
 */
export function isNewer(id: string, than: string): boolean {
  return id.length === than.length ? id > than : id.length > than.length;
}
