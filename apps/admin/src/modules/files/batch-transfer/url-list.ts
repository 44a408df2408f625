import { TRANSFER_URLS_MAX, transferUrlProblem } from '@contract/index';

/** The lines of the text box: the server numbers problems by these lines, so blank ones are sent too. */
export const linesOf = (text: string) => text.split(/\r?\n/);

export interface ListCheck {
  /** Distinct addresses. */
  count: number;
  /** Repeated lines (sent once). */
  duplicates: number;
  /** '第3行：…' for each line that is not an http(s) address, and the count over the limit. */
  errors: string[];
}

/** What the server will say about the list, checked as the merchant types (the same rules, from the contract). */
export function checkList(text: string): ListCheck {
  const errors: string[] = [];
  const seen = new Set<string>();
  let lines = 0;
  linesOf(text).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    lines += 1;
    seen.add(line);
    const problem = transferUrlProblem(line);
    if (problem) errors.push(`第${i + 1}行：${problem}`);
  });
  if (seen.size > TRANSFER_URLS_MAX) errors.push(`一次最多转存${TRANSFER_URLS_MAX}张图片`);
  return { count: seen.size, duplicates: lines - seen.size, errors };
}

/**
 * The addresses in an imported file: a .txt list (one a line) or a .csv / spreadsheet export, where every cell that
 * holds an http(s) address counts (quotes removed), whatever its column. One address a line in the answer.
 */
export function urlsFromFile(text: string): string[] {
  const found: string[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    for (const cell of line.split(/[,\t;]/)) {
      const v = cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim();
      if (/^https?:\/\//i.test(v)) found.push(v);
    }
  }
  return found;
}
