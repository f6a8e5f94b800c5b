/** A file name from a name: "Strike Force α!" → "strike-force" (suggested names in save dialogs). */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}
