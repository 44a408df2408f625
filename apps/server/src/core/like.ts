/** A LIKE pattern that finds the keyword anywhere, with %, _ and \ in it taken literally. */
export function contains(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
